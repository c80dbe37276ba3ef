import { EpError, ExitCode, errorMessage, isEpError, withDetails } from '../kernel/errors.js';
import { contributor } from './tool-intake.js';
import type { LeftOutTool } from './tool.js';

/**
 * What a tool's own call threw, as its caller sees it. An EpError is the tool's report to the user: it keeps its
 * code, exit code, message and suggestion and gains the tool and its plugin in its details (a tool or plugin
 * an inner call already named stays named). Anything else is TOOL_FAILED naming both, the error as its cause.
 */
export function toolCallFailure(tool: string, plugin: string | undefined, cause: unknown): EpError {
  const names = { tool, ...(plugin === undefined ? {} : { plugin }) };
  if (isEpError(cause)) return withDetails(cause, names);
  return new EpError('TOOL_FAILED', `Tool ${tool} from ${contributor(plugin)} failed: ${errorMessage(cause)}`, { cause, details: names });
}

/** A call by name to a contribution the registry left out. */
export function leftOutToolCalled(tool: LeftOutTool): EpError {
  return new EpError(
    'TOOL_INVALID',
    `Tool ${JSON.stringify(tool.name)} from ${contributor(tool.plugin)} was left out of the registry: ${tool.reason}.`,
    {
      exitCode: ExitCode.validation,
      details: { tool: tool.name, ...(tool.plugin === undefined ? {} : { plugin: tool.plugin }), reason: tool.reason },
      suggestion: `Fix the tool in ${contributor(tool.plugin)}; \`ep tools list\` warns about every tool left out.`,
    },
  );
}

/** An input schema Ajv cannot compile: the contribution is broken, not the caller's input. */
export function toolSchemaInvalid(tool: string, plugin: string | undefined, cause: unknown): EpError {
  return new EpError(
    'TOOL_INVALID',
    `Tool ${tool} from ${contributor(plugin)} has an input schema that cannot be compiled: ${errorMessage(cause)}`,
    {
      exitCode: ExitCode.validation,
      cause,
      details: { tool, ...(plugin === undefined ? {} : { plugin }) },
    },
  );
}

/**
 * No tool has `name`. A contribution that failed to build has no name to match, so it may be the one asked for:
 * the message tells why each failed (a plugin's factory threw, a service it needs could not be built).
 */
export function toolNotFound(name: string, unbuilt: readonly LeftOutTool[]): EpError {
  const because =
    unbuilt.length === 0
      ? ''
      : ` ${unbuilt.length} tool contribution(s) could not be built and may include it: ${unbuilt.map((tool) => tool.message).join(' ')}`;
  return new EpError('TOOL_NOT_FOUND', `No tool named ${name}.${because}`, {
    exitCode: ExitCode.notFound,
    suggestion: 'Run `ep tools list` to see the available tools.',
    details: { tool: name },
  });
}
