import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import { EpError, ExitCode } from '../kernel/errors.js';
import { assertNestingDepth } from '../limits/limits.js';
import type { ToolCallContext, Tool, ToolDescriptor, ToolRegistry } from './tool.js';

export const TOOL_NAME_PATTERN = /^[a-z0-9][a-z0-9-]*\/[a-z0-9][a-z0-9._-]*$/;

/**
 * Holds the tools plugins contribute. Every call is validated against the tool's input schema before the
 * tool runs, and a read-only caller can never reach a tool that is not `read_only`.
 */
export class ToolRegistryService implements ToolRegistry {
  private readonly tools = new Map<string, Tool>();
  private readonly validators = new Map<string, ValidateFunction>();
  /** Ajv is loaded on the first call: listing and describing tools, and commands that call none, skip it. */
  private ajv: Promise<Ajv> | undefined;

  constructor(tools: readonly Tool[]) {
    for (const tool of tools) {
      if (!TOOL_NAME_PATTERN.test(tool.name)) {
        throw new EpError('TOOL_INVALID', `Tool name ${JSON.stringify(tool.name)} is not namespaced like "acme/word-count".`);
      }
      if (this.tools.has(tool.name)) throw new EpError('TOOL_DUPLICATE', `Tool ${tool.name} is registered twice.`);
      this.tools.set(tool.name, tool);
    }
  }

  list(): ToolDescriptor[] {
    return [...this.tools.values()].map(descriptor).sort((a, b) => a.name.localeCompare(b.name));
  }

  has(name: string): boolean {
    return this.tools.has(name);
  }

  describe(name: string): ToolDescriptor {
    return descriptor(this.require(name));
  }

  async call(name: string, input: unknown, context: ToolCallContext = {}): Promise<unknown> {
    const tool = this.require(name);
    if (context.readOnly && !tool.capabilities.includes('read_only')) {
      throw new EpError('TOOL_NOT_READ_ONLY', `Tool ${name} writes, and this caller may only use read-only tools.`, {
        exitCode: ExitCode.validation,
        details: { tool: name, capabilities: tool.capabilities },
      });
    }
    // Inputs from MCP arrive parsed, without the CLI's input checks: bound their depth before the schema walks them.
    assertNestingDepth(input, `The input of tool ${name}`);
    const validate = await this.validatorFor(tool);
    if (!validate(input)) {
      const errors = validate.errors ?? [];
      throw new EpError('TOOL_INPUT_INVALID', `Invalid input for tool ${name}: ${formatErrors(errors)}.`, {
        exitCode: ExitCode.validation,
        details: { tool: name, errors: errors.map((e) => ({ field: fieldOf(e), message: e.message })) },
      });
    }
    return tool.call(input, context);
  }

  private require(name: string): Tool {
    const tool = this.tools.get(name);
    if (!tool) {
      throw new EpError('TOOL_NOT_FOUND', `No tool named ${name}.`, {
        exitCode: ExitCode.notFound,
        suggestion: 'Run `ep tools list` to see the available tools.',
        details: { tool: name },
      });
    }
    return tool;
  }

  private async validatorFor(tool: Tool): Promise<ValidateFunction> {
    let validate = this.validators.get(tool.name);
    if (!validate) {
      this.ajv ??= import('ajv').then(({ Ajv }) => new Ajv({ allErrors: true, strict: false }));
      validate = (await this.ajv).compile(tool.inputSchema);
      this.validators.set(tool.name, validate);
    }
    return validate;
  }
}

function descriptor(tool: Tool): ToolDescriptor {
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
    capabilities: tool.capabilities,
  };
}

function fieldOf(error: ErrorObject): string {
  if (error.keyword === 'required') return `${error.instancePath}/${(error.params as { missingProperty: string }).missingProperty}`;
  if (error.keyword === 'additionalProperties') {
    return `${error.instancePath}/${(error.params as { additionalProperty: string }).additionalProperty}`;
  }
  return error.instancePath || '/';
}

function formatErrors(errors: readonly ErrorObject[]): string {
  return errors.map((e) => `${fieldOf(e)} ${e.message ?? 'is invalid'}`).join('; ');
}
