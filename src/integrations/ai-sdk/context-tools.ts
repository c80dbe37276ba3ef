import { jsonSchema, tool, type Tool, type ToolSet } from 'ai';
import type { Ep, ToolDescriptor } from '../../index.js';
import { identifierName, objectSchema, selectContextTools, type ContextToolOptions } from '../shared/context-tool-selection.js';
import { recordTools } from './recorded-tools.js';
import { EpToolError } from './tool-error.js';

/**
 * The runtime's context tools as an AI SDK `ToolSet` for `generateText`/`streamText`: keys are the tool names
 * made identifier-safe (`builtin_context_search`), input schemas are the registry's (the ones MCP serves),
 * and each call goes through the registry, which validates the input. A failure is an {@link EpToolError}.
 * Each call is recorded in the current session, under the call that made it.
 */
export async function contextTools(ep: Ep, options: ContextToolOptions = {}): Promise<ToolSet> {
  const selected = await selectContextTools(ep, options);
  return recordTools(Object.fromEntries(selected.map((descriptor) => [identifierName(descriptor.name), asAiSdkTool(ep, descriptor)])));
}

function asAiSdkTool(ep: Ep, descriptor: ToolDescriptor): Tool {
  return tool({
    description: descriptor.description,
    inputSchema: jsonSchema<Record<string, unknown>>(objectSchema(descriptor)),
    execute: async (input: Record<string, unknown>) => {
      try {
        return await ep.tools.call(descriptor.name, input);
      } catch (error) {
        throw new EpToolError(descriptor.name, error);
      }
    },
  });
}
