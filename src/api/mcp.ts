import { BoundedStdioTransport } from '../mcp/bounded-stdio-transport.js';
import { createMcpServer, serveMcp, type McpServerOptions } from '../mcp/mcp-server.js';
import { sessionCallRunner } from '../mcp/session-calls.js';
import { withRuntime, type RuntimeOptions } from '../runtime/runtime.js';

/** Serves the tool registry over MCP on stdio until the client disconnects; calls are recorded in a session. */
export async function serveMcpOverStdio(options: RuntimeOptions & McpServerOptions & { sessionId?: string } = {}): Promise<void> {
  await withRuntime(options, async (runtime) => {
    const calls = sessionCallRunner(runtime, options.sessionId);
    process.stderr.write(`ep mcp: tool calls are recorded in session ${calls.sessionId} (ep session show ${calls.sessionId})\n`);
    const allowWrites = options.allowWrites === true || runtime.config.mcp.allowWrites === true;
    await serveMcp(
      createMcpServer(runtime, { ...options, allowWrites, runCall: calls.run, sessionId: calls.sessionId }),
      new BoundedStdioTransport(),
    );
  });
}
