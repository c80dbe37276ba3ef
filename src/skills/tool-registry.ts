import { createRequire } from 'node:module';
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import type { Contribution } from '../kernel/contributions.js';
import { EpError, ExitCode } from '../kernel/errors.js';
import { assertNestingDepth } from '../limits/limits.js';
import { leftOutToolCalled, toolCallFailure, toolNotFound, toolSchemaInvalid } from './tool-failure.js';
import { takeInTools, type AcceptedTool } from './tool-intake.js';
import type { LeftOutTool, ToolCallContext, Tool, ToolDescriptor, ToolRegistry } from './tool.js';

export { TOOL_NAME_PATTERN } from './tool-intake.js';

// Ajv is CommonJS: `require` skips the ESM loader's scan of its source for exports (see source-files.ts).
const require = createRequire(import.meta.url);

/**
 * Holds the tools plugins contribute, each with its plugin. A broken contribution is left out and reported
 * (`leftOut`), never fatal to the others. Every call is validated against the tool's input schema before the
 * tool runs, a read-only caller can never reach a tool that is not `read_only`, and a tool's failure names
 * the tool and its plugin.
 */
export class ToolRegistryService implements ToolRegistry {
  private readonly tools: Map<string, AcceptedTool>;
  private readonly rejected: LeftOutTool[];
  private readonly validators = new Map<string, ValidateFunction>();
  /** Ajv is loaded on the first call: listing and describing tools, and commands that call none, skip it. */
  private ajv: Ajv | undefined;

  constructor(contributions: readonly Contribution<Tool>[]) {
    ({ accepted: this.tools, leftOut: this.rejected } = takeInTools(contributions));
  }

  /** A registry over tools held directly, without a kernel (tests, embedders), all from `plugin` when given. */
  static of(tools: readonly Tool[], plugin?: string): ToolRegistryService {
    return new ToolRegistryService(tools.map((tool) => ({ ...(plugin === undefined ? {} : { plugin }), resolve: () => tool })));
  }

  list(): ToolDescriptor[] {
    return [...this.tools.values()].map(({ tool }) => descriptor(tool)).sort((a, b) => a.name.localeCompare(b.name));
  }

  leftOut(): LeftOutTool[] {
    return [...this.rejected];
  }

  has(name: string): boolean {
    return this.tools.has(name);
  }

  describe(name: string): ToolDescriptor {
    return descriptor(this.require(name).tool);
  }

  async call(name: string, input: unknown, context: ToolCallContext = {}): Promise<unknown> {
    const { tool, plugin } = this.require(name);
    if (context.readOnly && !tool.capabilities.includes('read_only')) {
      throw new EpError('TOOL_NOT_READ_ONLY', `Tool ${name} writes, and this caller may only use read-only tools.`, {
        exitCode: ExitCode.validation,
        details: { tool: name, capabilities: tool.capabilities },
      });
    }
    // Inputs from MCP arrive parsed, without the CLI's input checks: bound their depth before the schema walks them.
    assertNestingDepth(input, `The input of tool ${name}`);
    const validate = await this.validatorFor(tool, plugin);
    if (!validate(input)) {
      const errors = validate.errors ?? [];
      throw new EpError('TOOL_INPUT_INVALID', `Invalid input for tool ${name}: ${formatErrors(errors)}.`, {
        exitCode: ExitCode.validation,
        details: { tool: name, errors: errors.map((e) => ({ field: fieldOf(e), message: e.message })) },
      });
    }
    try {
      return await tool.call(input, context);
    } catch (error) {
      throw toolCallFailure(name, plugin, error);
    }
  }

  private require(name: string): AcceptedTool {
    const accepted = this.tools.get(name);
    if (!accepted) {
      const left = this.rejected.find((tool) => tool.name === name);
      if (left) throw leftOutToolCalled(left);
      throw toolNotFound(
        name,
        this.rejected.filter((tool) => tool.name === undefined),
      );
    }
    return accepted;
  }

  private async validatorFor(tool: Tool, plugin: string | undefined): Promise<ValidateFunction> {
    let validate = this.validators.get(tool.name);
    if (!validate) {
      this.ajv ??= new (require('ajv') as typeof import('ajv')).Ajv({ allErrors: true, strict: false });
      const ajv = this.ajv;
      try {
        validate = ajv.compile(tool.inputSchema);
      } catch (error) {
        throw toolSchemaInvalid(tool.name, plugin, error);
      }
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
