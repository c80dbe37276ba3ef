import type { Contribution } from '../kernel/contributions.js';
import { errorMessage, isEpError } from '../kernel/errors.js';
import type { LeftOutTool, Tool } from './tool.js';

export const TOOL_NAME_PATTERN = /^[a-z0-9][a-z0-9-]*\/[a-z0-9][a-z0-9._-]*$/;

/** A tool the registry serves, with the plugin that contributed it. */
export interface AcceptedTool {
  readonly tool: Tool;
  readonly plugin?: string;
}

export interface ToolIntake {
  readonly accepted: Map<string, AcceptedTool>;
  readonly leftOut: LeftOutTool[];
}

/**
 * Sorts the contributions to `ep.Tool` into the tools the registry serves and those it leaves out. One broken
 * contribution (it fails to build, its name is not namespaced, it has no input schema or call) is left out with
 * its plugin and the reason, and every other tool stays available. Of two contributions with one name, the first
 * in start order keeps it, and the later one is left out naming both plugins.
 */
export function takeInTools(contributions: readonly Contribution<Tool>[]): ToolIntake {
  const accepted = new Map<string, AcceptedTool>();
  const leftOut: LeftOutTool[] = [];
  const leave = (plugin: string | undefined, name: string | undefined, code: string, reason: string) => {
    const subject = name === undefined ? 'A tool' : `Tool ${JSON.stringify(name)}`;
    leftOut.push({
      ...(name === undefined ? {} : { name }),
      ...(plugin === undefined ? {} : { plugin }),
      code,
      reason,
      message: `${subject} from ${contributor(plugin)} is left out: ${reason}.`,
    });
  };
  for (const contribution of contributions) {
    const { plugin } = contribution;
    let tool: unknown;
    try {
      tool = contribution.resolve();
    } catch (error) {
      leave(
        plugin,
        undefined,
        isEpError(error) ? error.code : 'TOOL_INVALID',
        `it failed to build: ${errorMessage(error).replace(/\.$/, '')}`,
      );
      continue;
    }
    const name = typeof (tool as Partial<Tool> | null)?.name === 'string' ? (tool as Tool).name : undefined;
    const problem = shapeProblem(tool);
    if (problem !== undefined) {
      leave(plugin, name, 'TOOL_INVALID', problem);
      continue;
    }
    const first = accepted.get(name!);
    if (first) {
      leave(plugin, name, 'TOOL_DUPLICATE', `${contributor(first.plugin)} already contributes a tool with that name`);
      continue;
    }
    accepted.set(name!, { tool: tool as Tool, ...(plugin === undefined ? {} : { plugin }) });
  }
  return { accepted, leftOut };
}

/** How a message names who contributed a tool. */
export function contributor(plugin: string | undefined): string {
  return plugin === undefined ? 'the host' : `plugin ${plugin}`;
}

/** What keeps a contribution from being served, if anything: the registry reads each of these fields. */
function shapeProblem(tool: unknown): string | undefined {
  if (!isObject(tool)) return 'it is not an object';
  const { name, inputSchema, outputSchema, capabilities, call } = tool as Record<string, unknown>;
  if (typeof name !== 'string') return 'it has no name';
  if (!TOOL_NAME_PATTERN.test(name)) return 'its name is not namespaced like "acme/word-count"';
  if (!isObject(inputSchema)) return 'it has no inputSchema object';
  if (outputSchema !== undefined && !isObject(outputSchema)) return 'its outputSchema is not an object';
  if (!Array.isArray(capabilities) || !capabilities.every((capability) => typeof capability === 'string')) {
    return 'its capabilities are not a list of names such as "read_only"';
  }
  if (typeof call !== 'function') return 'it has no call function';
  return undefined;
}

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
