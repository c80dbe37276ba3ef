import { EpError, ExitCode, type Ep, type ToolDescriptor } from '../../index.js';

/** Which of the runtime's tools an adapter hands to a framework. */
export interface ContextToolOptions {
  /** Tool names to offer (`builtin/context-search`); all the registry serves when absent. */
  readonly tools?: readonly string[];
  /** Offer tools that write (upsert, add). Off unless the caller enables it, as with `ep mcp --allow-writes`. */
  readonly allowWrites?: boolean;
}

/**
 * The tools to offer, as the registry describes them (so their input schemas are the ones MCP serves).
 * Without `allowWrites` only read-only tools are offered, and naming a writing one is an error.
 */
export async function selectContextTools(ep: Ep, options: ContextToolOptions = {}): Promise<ToolDescriptor[]> {
  const listed = await ep.tools.list();
  const writes = (tool: ToolDescriptor) => !tool.capabilities.includes('read_only');
  if (options.tools === undefined) return listed.filter((tool) => options.allowWrites === true || !writes(tool));
  const byName = new Map(listed.map((tool) => [tool.name, tool]));
  return options.tools.map((name) => {
    const tool = byName.get(name);
    if (!tool) {
      throw new EpError('TOOL_NOT_FOUND', `No tool named ${JSON.stringify(name)} is registered.`, {
        exitCode: ExitCode.notFound,
        details: { tool: name },
        suggestion: `Known tools: ${[...byName.keys()].join(', ')}.`,
      });
    }
    if (writes(tool) && options.allowWrites !== true) {
      throw new EpError('TOOL_WRITES_NOT_ALLOWED', `Tool ${name} writes, and writing tools are offered only with allowWrites.`, {
        exitCode: ExitCode.usage,
        details: { tool: name },
        suggestion: 'Pass allowWrites: true to offer it.',
      });
    }
    return tool;
  });
}

/** A tool name models accept (letters, digits, `_`): `builtin/context-search` → `builtin_context_search`. */
export function identifierName(name: string): string {
  return name.replace(/[^A-Za-z0-9_]/g, '_');
}

/** The input schema as a framework takes it: always an object schema, as MCP lists it. */
export function objectSchema(tool: ToolDescriptor): Record<string, unknown> {
  return { type: 'object', ...tool.inputSchema };
}

/** The code an ep error carries (`TOOL_FAILED` for anything else), for the adapters' error types. */
export function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'TOOL_FAILED';
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
