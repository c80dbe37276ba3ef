import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { errorEnvelope } from '../cli/envelope.js';
import { ToolRegistry } from '../kernel/tokens.js';
import type { EpRuntime } from '../runtime/runtime.js';
import type { ToolDescriptor } from '../tools/tool.js';
import { EP_VERSION } from '../version.js';
import { toolAnnotations } from './tool-annotations.js';

export interface McpServerOptions {
  /** Serve tools that write (upsert, add). Off unless the user enables it. */
  readonly allowWrites?: boolean;
  /**
   * Runs each tool call; the session entry point wraps calls here so they are recorded, with their input,
   * like any other entry point's. Defaults to calling the body directly.
   */
  readonly runCall?: <T>(toolName: string, input: unknown, body: () => Promise<T>) => Promise<T>;
  /** The session calls are recorded in, reported to the client in each result's `_meta`. */
  readonly sessionId?: string;
}

/**
 * Serves the runtime's tool registry over MCP. Tool failures come back as results with `isError: true`
 * carrying the same code and message the CLI prints, so a model can correct itself.
 */
export function createMcpServer(runtime: EpRuntime, options: McpServerOptions = {}): Server {
  const registry = runtime.get(ToolRegistry);
  const visible = (tool: ToolDescriptor) => options.allowWrites === true || tool.capabilities.includes('read_only');
  const runCall = options.runCall ?? (<T>(_name: string, _input: unknown, body: () => Promise<T>) => body());

  const meta = options.sessionId ? { _meta: { 'ep/sessionId': options.sessionId } } : {};
  const server = new Server({ name: 'ep', version: EP_VERSION }, { capabilities: { tools: {} } });

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: registry.list().filter(visible).map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: { type: 'object' as const, ...tool.inputSchema },
      ...(tool.outputSchema ? { outputSchema: { type: 'object' as const, ...tool.outputSchema } } : {}),
      annotations: toolAnnotations(tool),
    })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const { name, arguments: input } = request.params;
    try {
      const output = await runCall(name, input ?? {}, () => registry.call(name, input ?? {}, { readOnly: options.allowWrites !== true }));
      const structured = output !== null && typeof output === 'object' && !Array.isArray(output)
        ? (output as Record<string, unknown>) : { result: output };
      return { content: [{ type: 'text', text: JSON.stringify(structured, null, 2) }], structuredContent: structured, ...meta };
    } catch (error) {
      const { envelope } = errorEnvelope(error);
      return { isError: true, content: [{ type: 'text', text: JSON.stringify(envelope.error, null, 2) }], ...meta };
    }
  });
  return server;
}

/** Connects a server to a transport and resolves when the client disconnects. */
export async function serveMcp(server: Server, transport: Transport): Promise<void> {
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  await server.connect(transport);
  await closed;
}
