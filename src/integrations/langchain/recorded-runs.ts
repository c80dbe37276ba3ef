import type { Serialized } from '@langchain/core/load/serializable';
import { isBaseMessage, type BaseMessage } from '@langchain/core/messages';
import type { LLMResult } from '@langchain/core/outputs';
import type { TokenUsage } from '../../index.js';

/** The model's name: its `model` parameter when it has one, else the run's name, else its class. */
export function modelName(llm: Serialized, extraParams: Record<string, unknown> | undefined, runName: string | undefined): string {
  const params = extraParams?.['invocation_params'] as { model?: unknown; model_name?: unknown } | undefined;
  const model = params?.model ?? params?.model_name;
  return typeof model === 'string' ? model : (runName ?? llm.id.at(-1) ?? 'chat-model');
}

/** What a chat model node records as its input: each message's role, content and tool calls. */
export function chatMessagesInput(messages: BaseMessage[][]): { messages: unknown[] } {
  return { messages: (messages[0] ?? []).map(describeMessage) };
}

/** A chain's inputs or outputs with its messages as role, content and tool calls rather than LangChain's serialized form. */
export function runValue(value: unknown): unknown {
  if (isBaseMessage(value)) return describeMessage(value);
  if (Array.isArray(value)) return value.map(runValue);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, runValue(entry)]));
  }
  return value;
}

function describeMessage(message: BaseMessage): Record<string, unknown> {
  const toolCalls = (message as { tool_calls?: unknown[] }).tool_calls;
  return {
    role: message.getType(),
    content: message.content,
    ...(toolCalls !== undefined && toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
  };
}

/** The reply's text and tool calls (first generation), with the usage the model reported. */
export function modelReply(result: LLMResult): { output: Record<string, unknown>; usage?: TokenUsage } {
  const generation = result.generations[0]?.[0] as { text?: string; message?: ReplyMessage } | undefined;
  const message = generation?.message;
  const toolCalls = message?.tool_calls ?? [];
  const output = { text: generation?.text ?? '', ...(toolCalls.length > 0 ? { toolCalls } : {}) };
  const usage = fromUsageMetadata(message?.usage_metadata) ?? fromTokenUsage(result.llmOutput?.['tokenUsage']);
  return usage ? { output, usage } : { output };
}

interface ReplyMessage {
  readonly tool_calls?: unknown[];
  readonly usage_metadata?: UsageMetadata;
}

interface UsageMetadata {
  readonly input_tokens?: number;
  readonly output_tokens?: number;
  readonly total_tokens?: number;
}

function fromUsageMetadata(usage: UsageMetadata | undefined): TokenUsage | undefined {
  if (usage === undefined) return undefined;
  return counts(usage.input_tokens, usage.output_tokens, usage.total_tokens);
}

function fromTokenUsage(usage: unknown): TokenUsage | undefined {
  if (usage === null || typeof usage !== 'object') return undefined;
  const { promptTokens, completionTokens, totalTokens } = usage as Record<string, number | undefined>;
  return counts(promptTokens, completionTokens, totalTokens);
}

function counts(inputTokens: number | undefined, outputTokens: number | undefined, totalTokens: number | undefined): TokenUsage {
  return {
    ...(inputTokens !== undefined ? { inputTokens } : {}),
    ...(outputTokens !== undefined ? { outputTokens } : {}),
    ...(totalTokens !== undefined ? { totalTokens } : {}),
  };
}
