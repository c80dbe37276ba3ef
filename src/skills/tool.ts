import { createToken } from '../kernel/token.js';
/** JSON Schema as plain data (validated with Ajv). */
export type JsonSchema = Record<string, unknown>;

/** What a tool may do; the registry enforces `read_only` for read-only skills and callers. */
export type ToolCapability = 'read_only' | 'idempotent' | 'writes' | 'destructive' | 'open_world';

export interface ToolCallContext {
  /** Set when the call comes from a caller that must not reach writing tools. */
  readonly readOnly?: boolean;
}

export interface Tool {
  /** Namespaced name: `builtin/request-context`, `acme/word-count`. */
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly outputSchema?: JsonSchema;
  readonly capabilities: readonly ToolCapability[];
  /** `input` has been checked against `inputSchema`, so an implementation may declare its own type for it. */
  call(input: unknown, context: ToolCallContext): unknown;
}

export interface ToolDescriptor {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly outputSchema?: JsonSchema;
  readonly capabilities: readonly ToolCapability[];
}

/** A contribution to `ep.Tool` the registry left out, with the plugin that contributed it and why. */
export interface LeftOutTool {
  /** The name it was contributed under, when it has one. */
  readonly name?: string;
  /** The contributing plugin; absent for a tool the host bound. */
  readonly plugin?: string;
  /** `TOOL_INVALID`, `TOOL_DUPLICATE`, or the code the contribution failed to build with. */
  readonly code: string;
  /** Why it was left out, for example `its name is not namespaced like "acme/word-count"`. */
  readonly reason: string;
  /** One sentence naming the tool, the plugin and the reason: what `ep tools list` warns with. */
  readonly message: string;
}

export interface ToolRegistry {
  list(): ToolDescriptor[];
  has(name: string): boolean;
  describe(name: string): ToolDescriptor;
  /** Validates the input against the tool's schema, enforces read-only, then runs it. */
  call(name: string, input: unknown, context?: ToolCallContext): Promise<unknown>;
  /** The contributions left out of the registry (a registry that leaves nothing out may omit this). */
  leftOut?(): LeftOutTool[];
}

/** A tool contribution: any plugin may provide any number. */
export const Tool = createToken<Tool>('ep.Tool', 'multi');

/** The registry every entry point (CLI, MCP, agent functions) calls tools through. */
export const ToolRegistry = createToken<ToolRegistry>('ep.ToolRegistry');
