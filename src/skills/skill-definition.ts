import { EpError, ExitCode } from '../kernel/errors.js';
import type { ToolCallContext, ToolDescriptor, ToolRegistry } from './tool.js';

export interface SkillSpec {
  /** Namespaced: `builtin/context`. */
  readonly name: string;
  readonly description: string;
  readonly tools: readonly string[];
  /** A read-only skill may only include, and only call, tools with the `read_only` capability. */
  readonly readOnly: boolean;
}

/**
 * A skill resolved against the tool registry: a named group of tools an agent is given. Building one
 * fails when a tool is missing, or when a read-only skill names a tool that is not `read_only`.
 */
export class SkillDefinition {
  readonly name: string;
  readonly description: string;
  readonly readOnly: boolean;
  readonly tools: readonly ToolDescriptor[];

  private constructor(
    spec: SkillSpec,
    tools: readonly ToolDescriptor[],
    private readonly registry: ToolRegistry,
  ) {
    this.name = spec.name;
    this.description = spec.description;
    this.readOnly = spec.readOnly;
    this.tools = Object.freeze(tools);
  }

  static build(spec: SkillSpec, registry: ToolRegistry): SkillDefinition {
    const tools = spec.tools.map((name) => {
      const tool = registry.describe(name);
      if (spec.readOnly && !tool.capabilities.includes('read_only')) {
        throw new EpError(
          'SKILL_TOOL_NOT_READ_ONLY',
          `Skill ${spec.name} is read-only and cannot include tool ${name}, which is not read_only.`,
          {
            exitCode: ExitCode.validation,
            details: { skill: spec.name, tool: name, capabilities: tool.capabilities },
          },
        );
      }
      return tool;
    });
    return new SkillDefinition(spec, tools, registry);
  }

  /** Calls one of the skill's tools; a read-only skill calls as a read-only caller. */
  async call(name: string, input: unknown, context: ToolCallContext = {}): Promise<unknown> {
    if (!this.tools.some((tool) => tool.name === name)) {
      throw new EpError('SKILL_TOOL_NOT_INCLUDED', `Skill ${this.name} has no tool ${name}.`, {
        exitCode: ExitCode.notFound,
        details: { skill: this.name, tool: name },
      });
    }
    return this.registry.call(name, input, { ...context, readOnly: this.readOnly || context.readOnly === true });
  }
}
