import { createEp } from '../../api/ep.js';
import type { RuntimeOptions } from '../../runtime/runtime.js';
import { startUiServer, type UiServer, type UiServerOptions } from './ui-server.js';

/**
 * Starts a runtime and the UI server over it, calls `onListening` once requests are served, and serves until
 * SIGINT or SIGTERM; then closes the server and stops the runtime. A failure to start stops what started.
 */
export async function serveUiUntilSignal(
  options: RuntimeOptions & UiServerOptions,
  onListening: (server: UiServer) => void | Promise<void>,
): Promise<void> {
  const ep = await createEp(options);
  try {
    const server = await startUiServer(ep, options);
    const stopped = new Promise<NodeJS.Signals>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    try {
      await onListening(server);
      const signal = await stopped;
      process.stderr.write(`ep ui: ${signal}, stopping\n`);
    } finally {
      await server.close();
    }
  } finally {
    await ep.shutdown();
  }
}
