import { DynamicStructuredTool, type StructuredToolInterface } from '@langchain/core/tools';
import type { Ep, ToolDescriptor } from '../../index.js';
import { identifierName, objectSchema, selectContextTools, type ContextToolOptions } from '../shared/context-tool-selection.js';
import { stringifiedOutput } from '../shared/tool-output.js';
import { EpToolError } from './tool-error.js';

/**
 * The runtime's context tools as LangChain structured tools (`model.bindTools(tools)`, a LangGraph `ToolNode`):
 * names made identifier-safe (`builtin_context_search`), input schemas the registry's (the ones MCP serves).
 * Each call goes through the registry; its message content is the output as JSON and its artifact the output
 * itself. A failure is an {@link EpToolError}.
 */
export async function contextTools(ep: Ep, options: ContextToolOptions = {}): Promise<StructuredToolInterface[]> {
  return (await selectContextTools(ep, options)).map((descriptor) => asStructuredTool(ep, descriptor));
}

function asStructuredTool(ep: Ep, descriptor: ToolDescriptor): StructuredToolInterface {
  return new DynamicStructuredTool({
    name: identifierName(descriptor.name),
    description: descriptor.description,
    schema: objectSchema(descriptor),
    responseFormat: 'content_and_artifact',
    func: async (input: Record<string, unknown>) => {
      let output: unknown;
      try {
        output = await ep.tools.call(descriptor.name, input);
      } catch (error) {
        throw new EpToolError(descriptor.name, error);
      }
      return [stringifiedOutput(output), output];
    },
  });
}
