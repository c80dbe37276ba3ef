import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer, serveMcp, type McpServerOptions } from '../mcp/mcp-server.js';
import { withRuntime, type RuntimeOptions } from '../runtime/runtime.js';

/** Serves the tool registry over MCP on stdio until the client disconnects. */
export async function serveMcpOverStdio(options: RuntimeOptions & McpServerOptions = {}): Promise<void> {
  await withRuntime(options, async (runtime) => {
    await serveMcp(createMcpServer(runtime, options), new StdioServerTransport());
  });
}
