import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Ep } from '../../api/ep.js';

/** A comment line keeps proxies and the browser from timing the stream out while nothing changes. */
const HEARTBEAT_MS = 15_000;

/**
 * Server-sent events for one session: a `session` event carrying the whole view whenever the session
 * changes, until the page goes away. An unknown session fails before the stream starts, as a JSON error.
 */
export async function streamSession(ep: Ep, sessionId: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  let sending = Promise.resolve();
  const send = () => {
    sending = sending.then(async () => {
      try {
        const view = await ep.sessions.show(sessionId);
        if (!response.writableEnded) response.write(`event: session\ndata: ${JSON.stringify(view)}\n\n`);
      } catch {
        // A session deleted while watched: the page keeps the last view it had.
      }
    });
  };
  const watch = await ep.sessions.watch(sessionId, send);
  response.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', Connection: 'keep-alive' });
  response.write(': watching\n\n');
  const heartbeat = setInterval(() => response.write(': still watching\n\n'), HEARTBEAT_MS);
  request.on('close', () => {
    clearInterval(heartbeat);
    watch.close();
  });
}
