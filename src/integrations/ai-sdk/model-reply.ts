import type { LanguageModelMiddleware } from 'ai';
import type { TokenUsage } from '../../index.js';

type WrapGenerate = NonNullable<LanguageModelMiddleware['wrapGenerate']>;
type WrapStream = NonNullable<LanguageModelMiddleware['wrapStream']>;
export type CallOptions = Parameters<WrapGenerate>[0]['params'];
export type GenerateResult = Awaited<ReturnType<WrapGenerate>>;
export type StreamPart = Awaited<ReturnType<WrapStream>>['stream'] extends ReadableStream<infer P> ? P : never;
type ContentPart = GenerateResult['content'][number];
type Usage = GenerateResult['usage'];

/** What a model node records as its input: the prompt as the model received it and the tools it was offered. */
export function modelCallInput(params: CallOptions): Record<string, unknown> {
  return { prompt: params.prompt, ...(params.tools?.length ? { tools: params.tools.map((tool) => tool.name) } : {}) };
}

/** A model's reply gathered from generate content or stream parts: its text, tool calls, finish reason and usage. */
export class ModelReply {
  private text = '';
  private readonly toolCalls: { id: string; name: string; input: unknown }[] = [];
  private finishReason: unknown;
  usage: TokenUsage | undefined;

  addContent(part: ContentPart): void {
    if (part.type === 'text') this.text += part.text;
    else if (part.type === 'tool-call') this.toolCalls.push({ id: part.toolCallId, name: part.toolName, input: parsedInput(part.input) });
  }

  addStreamPart(part: StreamPart): void {
    if (part.type === 'text-delta') this.text += part.delta;
    else if (part.type === 'tool-call') this.toolCalls.push({ id: part.toolCallId, name: part.toolName, input: parsedInput(part.input) });
    else if (part.type === 'finish') this.finish(part.finishReason, part.usage);
  }

  finish(finishReason: unknown, usage: Usage): void {
    this.finishReason = finishReason;
    this.usage = tokenUsage(usage);
  }

  output(): Record<string, unknown> {
    return {
      text: this.text,
      ...(this.toolCalls.length > 0 ? { toolCalls: this.toolCalls } : {}),
      ...(this.finishReason !== undefined ? { finishReason: this.finishReason } : {}),
    };
  }
}

function tokenUsage(usage: Usage): TokenUsage {
  const inputTokens = usage.inputTokens.total;
  const outputTokens = usage.outputTokens.total;
  return {
    ...(inputTokens !== undefined ? { inputTokens } : {}),
    ...(outputTokens !== undefined ? { outputTokens } : {}),
    ...(inputTokens !== undefined && outputTokens !== undefined ? { totalTokens: inputTokens + outputTokens } : {}),
  };
}

/** Tool call arguments arrive as JSON text; recorded as the value when they parse. */
function parsedInput(input: string): unknown {
  try {
    return JSON.parse(input) as unknown;
  } catch {
    return input;
  }
}
