import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import path from 'node:path';
import { withPathScope } from '../context/active/path-scope.js';
import { errorEnvelope } from '../envelope/envelope.js';
import { ARGUMENT_NAMES } from './argument-names.js';
import { RuntimeSettings } from '../kernel/runtime-settings.js';
import { ToolRegistry, type ToolDescriptor } from '../skills/tool.js';
import type { EpRuntime } from '../runtime/runtime.js';
import { stringifyJsonPreservingNumbers } from '../storage/json/exact-json-writer.js';
import { findUp } from '../util/find-up.js';
import { EP_VERSION } from '../version.js';
import { McpPathScope } from './client-roots.js';
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
  /**
   * Directories beyond the project root and the client's roots whose packages tools may read and write
   * (relative to the working directory). Tools read nothing else but the active contexts.
   */
  readonly allowPaths?: readonly string[];
}

/**
 * Serves the runtime's tool registry over MCP. Tool failures come back as results with `isError: true`
 * carrying the same code and message the CLI prints, so a model can correct itself. A result's text is the
 * output as the CLI prints it (numbers in their Python form, NaN and Infinity included); its structured
 * content goes out as strict JSON (bounded-stdio-transport.ts).
 */
export function createMcpServer(runtime: EpRuntime, options: McpServerOptions = {}): Server {
  const registry = runtime.get(ToolRegistry);
  const visible = (tool: ToolDescriptor) => options.allowWrites === true || tool.capabilities.includes('read_only');
  const runCall = options.runCall ?? (<T>(_name: string, _input: unknown, body: () => Promise<T>) => body());

  const meta = options.sessionId ? { _meta: { 'ep/sessionId': options.sessionId } } : {};
  const server = new Server({ name: 'ep', version: EP_VERSION }, { capabilities: { tools: {} } });
  const { cwd } = runtime.get(RuntimeSettings);
  const scope = new McpPathScope(server, [...projectRoot(cwd), ...(options.allowPaths ?? []).map((dir) => path.resolve(cwd, dir))]);

  let leftOutReported = false;
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    // stdout is the protocol: each tool left out is told once, on stderr, naming its plugin and what is wrong.
    if (!leftOutReported) {
      leftOutReported = true;
      for (const { message } of registry.leftOut?.() ?? []) process.stderr.write(`ep mcp: ${message}\n`);
    }
    return { tools: registry.list().filter(visible).map(listedTool) };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const { name, arguments: input } = request.params;
    try {
      const output = await withPathScope(scope, () =>
        runCall(name, input ?? {}, () => registry.call(name, input ?? {}, { readOnly: options.allowWrites !== true })),
      );
      const structured =
        output !== null && typeof output === 'object' && !Array.isArray(output) ? (output as Record<string, unknown>) : { result: output };
      return {
        content: [{ type: 'text', text: stringifyJsonPreservingNumbers(structured, { indent: 2 })! }],
        structuredContent: structured,
        ...meta,
      };
    } catch (error) {
      const { envelope } = errorEnvelope(error, ARGUMENT_NAMES);
      return { isError: true, content: [{ type: 'text', text: stringifyJsonPreservingNumbers(envelope.error, { indent: 2 })! }], ...meta };
    }
  });
  return server;
}

/** A tool as tools/list describes it. */
function listedTool(tool: ToolDescriptor) {
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: { type: 'object' as const, ...tool.inputSchema },
    ...(tool.outputSchema ? { outputSchema: { type: 'object' as const, ...tool.outputSchema } } : {}),
    annotations: toolAnnotations(tool),
  };
}

/**
 * The directory holding the nearest `.edsl/` (where the pointer and the config live), else the working
 * directory; none when that is the file system's root, where clients often start servers: it would allow all.
 */
function projectRoot(cwd: string): string[] {
  const edsl = findUp('.edsl', cwd);
  const root = edsl ? path.dirname(edsl) : path.resolve(cwd);
  return path.dirname(root) === root ? [] : [root];
}

/** Connects a server to a transport and resolves when the client disconnects. */
export async function serveMcp(server: Server, transport: Transport): Promise<void> {
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  await server.connect(transport);
  await closed;
}
