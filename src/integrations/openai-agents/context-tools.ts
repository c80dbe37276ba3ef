import { tool, type FunctionTool } from '@openai/agents-core';
import type { Ep, ToolDescriptor } from '../../index.js';
import { identifierName, objectSchema, selectContextTools, type ContextToolOptions } from '../shared/context-tool-selection.js';
import { stringifiedOutput } from '../shared/tool-output.js';
import { EpToolError } from './tool-error.js';

export interface AgentsContextToolOptions extends ContextToolOptions {
  /**
   * Let a failure end the run (`Runner.run` rejects with the {@link EpToolError}) instead of handing its
   * message, ep code first, to the model as the call's output, which is the SDK's default.
   */
  readonly throwOnError?: boolean;
}

/**
 * The runtime's context tools as Agents SDK function tools (`new Agent({ tools })`): names made
 * identifier-safe (`builtin_context_search`), parameters the registry's JSON Schemas (the ones MCP serves,
 * so not strict), each call through the registry, its output as JSON text.
 */
export async function contextTools(ep: Ep, options: AgentsContextToolOptions = {}): Promise<FunctionTool[]> {
  return (await selectContextTools(ep, options)).map((descriptor) => asFunctionTool(ep, descriptor, options.throwOnError === true));
}

function asFunctionTool(ep: Ep, descriptor: ToolDescriptor, throwOnError: boolean): FunctionTool {
  return tool({
    name: identifierName(descriptor.name),
    description: descriptor.description,
    // The SDK types a non-strict schema loosely (`additionalProperties: true`); it passes the schema on as it is.
    parameters: objectSchema(descriptor) as unknown as NonStrictParameters,
    strict: false,
    ...(throwOnError ? { errorFunction: null } : {}),
    execute: async (input: unknown) => {
      try {
        return stringifiedOutput(await ep.tools.call(descriptor.name, input));
      } catch (error) {
        throw new EpToolError(descriptor.name, error);
      }
    },
  }) as unknown as FunctionTool;
}

interface NonStrictParameters {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required: string[];
  additionalProperties: true;
}
