import type { Span, SpanData } from '@openai/agents-core';
import type { StepStart, TokenUsage } from '../../index.js';

/**
 * What a span records when it starts: agents, tools, handoffs, guardrails and custom spans as calls,
 * generations and responses as model calls. Turns and tasks are the runner's bookkeeping: they record
 * nothing, and what runs in them nests under the step around them.
 */
export function spanStart(data: SpanData): StepStart | undefined {
  switch (data.type) {
    case 'agent':
      return { name: data.name, input: {} };
    case 'function':
      return { name: data.name, input: parsedText(data.input) };
    case 'generation':
      return { kind: 'model', name: data.model ?? 'model', input: { input: data.input ?? [], model_config: data.model_config ?? {} } };
    case 'response':
      return { kind: 'model', name: 'response', input: { input: data._input ?? null } };
    case 'handoff':
      return { name: 'handoff', input: { from: data.from_agent ?? null, to: data.to_agent ?? null } };
    case 'guardrail':
    case 'custom':
      return { name: data.name, input: data.type === 'custom' ? data.data : {} };
    default:
      return undefined;
  }
}

/** What a span records when it ends: its output (a tool's arguments with it, as they are set after the start) and usage. */
export function spanEnd(span: Span<SpanData>): { output: unknown; usage?: TokenUsage } {
  const data = span.spanData;
  switch (data.type) {
    case 'function':
      return { output: { arguments: parsedText(data.input), output: parsedText(data.output) } };
    case 'generation':
      return withUsage({ output: data.output ?? [] }, data.usage);
    case 'response':
      return withUsage({ output: data._response?.['output'] ?? null }, data._response?.['usage'] as Record<string, unknown> | undefined);
    case 'guardrail':
      return { output: { triggered: data.triggered } };
    case 'agent':
      // The runner names the agent's tools and handoffs once the span has started.
      return { output: { tools: data.tools ?? [], handoffs: data.handoffs ?? [], output_type: data.output_type ?? 'text' } };
    default:
      return { output: null };
  }
}

function withUsage(end: { output: unknown }, usage: Record<string, unknown> | undefined): { output: unknown; usage?: TokenUsage } {
  if (usage === undefined) return end;
  const inputTokens = usage['input_tokens'];
  const outputTokens = usage['output_tokens'];
  return {
    ...end,
    usage: {
      ...(typeof inputTokens === 'number' ? { inputTokens } : {}),
      ...(typeof outputTokens === 'number' ? { outputTokens } : {}),
      ...(typeof inputTokens === 'number' && typeof outputTokens === 'number' ? { totalTokens: inputTokens + outputTokens } : {}),
    },
  };
}

/** Tool arguments and outputs are JSON text in spans; recorded as values when they parse. */
function parsedText(text: string | undefined): unknown {
  if (text === undefined || text === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
