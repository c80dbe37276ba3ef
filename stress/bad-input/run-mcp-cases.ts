import { hasStackTrace } from '../support/ep-process.js';
import type { Figures } from '../support/figures.js';
import type { Sandbox } from '../support/sandbox.js';
import { McpConnection, type McpReply } from './mcp-connection.js';
import type { McpCase } from './mcp-corpus.js';

/**
 * Sends every case to one `ep mcp` server. A call must be answered with an error (a tool result with
 * `isError`, or a JSON-RPC error) when refused; a broken frame needs no answer, but the server must still
 * answer a ping after it. A server that exits or stops answering is a crash or a hang, and is restarted.
 */
export async function runMcpCases(
  cases: readonly McpCase[],
  sandbox: Sandbox,
  figures: Figures,
  timeoutMs: number,
  cwd: string,
): Promise<void> {
  // Writing tools are served too (--allow-writes), so their inputs are checked as well as the read-only ones'.
  const start = async () => {
    figures.add('processes');
    return McpConnection.start(cwd, sandbox.env(), timeoutMs, ['--allow-writes']);
  };
  let server = await start();
  try {
    for (const [index, hostile] of cases.entries()) {
      const label = `mcp #${index} (${hostile.family}) ${hostile.description}`;
      let reply: McpReply;
      if (hostile.callParams !== undefined) reply = await server.request('tools/call', undefined, timeoutMs, hostile.callParams);
      else if (hostile.framed) {
        const id = server.reserveId();
        reply = await server.exchange(id, hostile.framed(id), timeoutMs);
      } else {
        server.send(hostile.frame!);
        const ping = await server.request('ping', {}, timeoutMs);
        reply = ping.kind === 'result' ? { kind: 'tool-error', text: 'frame ignored; ping answered' } : ping;
      }
      figures.add('inputs tried');
      figures.add(`inputs: ${hostile.family}`);
      if (reply.kind === 'gone' || reply.kind === 'no-reply') {
        figures.fail(
          reply.kind === 'gone' ? 'crashes' : 'hangs',
          `${label}: ${reply.text}; the server's stderr ends: ${server.stderr.slice(-1500)}`,
        );
        await server.stop();
        server = await start();
      } else if (hasStackTrace(reply.text)) figures.fail('crashes', `${label}: a stack trace in the reply: ${reply.text.slice(0, 400)}`);
      else if (reply.kind === 'result' && hostile.expect === 'error')
        figures.fail('unexpected successes', `${label}: accepted: ${reply.text.slice(0, 300)}`);
      else if (reply.kind === 'result') figures.add('accepted harmless inputs');
      else figures.add('error envelopes');
    }
  } finally {
    await server.stop();
    if (hasStackTrace(server.stderr)) figures.fail('crashes', `ep mcp printed a stack trace: ${server.stderr.slice(0, 600)}`);
  }
}
