import { AISDKError, generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { LangChainError } from '@langchain/core/errors';
import { Agent, Runner, ToolCallError, Usage, type Model, type ModelRequest, type ModelResponse } from '@openai/agents-core';
import * as aiSdk from '../../src/integrations/ai-sdk/index.js';
import * as langchain from '../../src/integrations/langchain/index.js';
import * as openaiAgents from '../../src/integrations/openai-agents/index.js';
import type { Ep } from '../../src/index.js';

/** The names a framework's adapter offers as context tools, in the framework's own form. */
export async function frameworkToolNames(ep: Ep, framework: string, allowWrites: boolean): Promise<string[]> {
  switch (framework) {
    case 'AI SDK':
      return Object.keys(await aiSdk.contextTools(ep, { allowWrites }));
    case 'LangChain':
      return (await langchain.contextTools(ep, { allowWrites })).map((tool) => tool.name);
    case 'Agents SDK':
      return (await openaiAgents.contextTools(ep, { allowWrites })).map((tool) => tool.name);
    default:
      throw new Error(`Unknown framework ${framework}.`);
  }
}

/** What the framework reports when its agent calls a context tool that fails. */
export interface FrameworkToolFailure {
  /** Whether the error is the framework's own type (AISDKError, LangChainError, ToolCallError). */
  readonly frameworkType: boolean;
  readonly code: unknown;
  readonly message: string;
}

/** Has the framework call `tool` (an identifier-safe name) with `input`, the way an agent of that framework does. */
export async function failingFrameworkToolCall(ep: Ep, framework: string, tool: string, input: object): Promise<FrameworkToolFailure> {
  switch (framework) {
    case 'AI SDK':
      return aiSdkFailure(ep, tool, input);
    case 'LangChain':
      return langchainFailure(ep, tool, input);
    case 'Agents SDK':
      return agentsFailure(ep, tool, input);
    default:
      throw new Error(`Unknown framework ${framework}.`);
  }
}

/** `generateText` with a mock model asking for the tool: the SDK puts the failure in a `tool-error` part. */
async function aiSdkFailure(ep: Ep, tool: string, input: object): Promise<FrameworkToolFailure> {
  const model = new MockLanguageModelV3({
    doGenerate: {
      content: [{ type: 'tool-call', toolCallId: 'call-1', toolName: tool, input: JSON.stringify(input) }],
      finishReason: { unified: 'tool-calls', raw: undefined },
      usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
      warnings: [],
    },
  });
  const result = await generateText({ model, tools: await aiSdk.contextTools(ep), prompt: 'search', stopWhen: stepCountIs(1) });
  const part = result.content.find((entry) => entry.type === 'tool-error');
  if (!part) throw new Error(`The tool call did not fail: ${JSON.stringify(result.content)}`);
  return describe(part.error, AISDKError.isInstance(part.error));
}

/** The tool invoked as a LangChain runnable (what a ToolNode does): it rejects with the error. */
async function langchainFailure(ep: Ep, tool: string, input: object): Promise<FrameworkToolFailure> {
  const found = (await langchain.contextTools(ep)).find((candidate) => candidate.name === tool);
  if (!found) throw new Error(`No LangChain tool ${tool}.`);
  try {
    await found.invoke(input);
  } catch (error) {
    return describe(error, LangChainError.isInstance(error));
  }
  throw new Error(`The tool call did not fail.`);
}

/** A run whose model asks for the tool, its tools set to end the run on a failure: the run rejects. */
async function agentsFailure(ep: Ep, tool: string, input: object): Promise<FrameworkToolFailure> {
  const model: Model = {
    getResponse: async (_request: ModelRequest): Promise<ModelResponse> => ({
      usage: new Usage({ requests: 1, inputTokens: 1, outputTokens: 1, totalTokens: 2 }),
      output: [{ type: 'function_call', callId: 'call-1', name: tool, arguments: JSON.stringify(input), status: 'completed' }],
    }),
    getStreamedResponse: () => {
      throw new Error('not streamed');
    },
  };
  const agent = new Agent({ name: 'failing', model, tools: await openaiAgents.contextTools(ep, { throwOnError: true }) });
  try {
    await new Runner({ tracingDisabled: true }).run(agent, 'search');
  } catch (error) {
    // The runner wraps what the tool threw in a ToolCallError of its own; the tool's error is its `error`.
    return describe(error, error instanceof ToolCallError, error instanceof ToolCallError ? error.error : error);
  }
  throw new Error(`The run did not fail.`);
}

function describe(error: unknown, frameworkType: boolean, carrier: unknown = error): FrameworkToolFailure {
  return { frameworkType, code: (carrier as { code?: unknown }).code, message: error instanceof Error ? error.message : String(error) };
}
