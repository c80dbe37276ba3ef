import type { Span, SpanData, Trace, TracingProcessor } from '@openai/agents-core';
import { currentSession, recordStep, type RecordedStep, type StepStart } from '../../index.js';
import { spanEnd, spanStart } from './span-steps.js';

/**
 * An Agents SDK tracing processor (`addTraceProcessor(new EpTracingProcessor())`) that records each run in
 * the current session: the trace as a call under the call in progress, and its agents, tools, handoffs,
 * guardrails and model calls each under the span the SDK names as its parent, so parallel tool calls land
 * under the agent turn that made them. Traces started outside a session are not recorded.
 */
export class EpTracingProcessor implements TracingProcessor {
  private readonly steps = new Map<string, RecordedStep>();
  /** Spans that record nothing (turns), each standing for the step they run under. */
  private readonly passThrough = new Map<string, RecordedStep | undefined>();

  async onTraceStart(trace: Trace): Promise<void> {
    if (currentSession() === undefined) return;
    this.steps.set(trace.traceId, recordStep({ name: trace.name, input: { group: trace.groupId, metadata: trace.metadata ?? {} } }));
  }

  async onTraceEnd(trace: Trace): Promise<void> {
    this.steps.get(trace.traceId)?.complete(null);
    this.steps.delete(trace.traceId);
  }

  async onSpanStart(span: Span<SpanData>): Promise<void> {
    const parent = this.parentOf(span);
    const start = spanStart(span.spanData);
    if (start === undefined) this.passThrough.set(span.spanId, parent);
    else this.begin(span.spanId, parent, start);
  }

  async onSpanEnd(span: Span<SpanData>): Promise<void> {
    this.passThrough.delete(span.spanId);
    const step = this.steps.get(span.spanId);
    if (step === undefined) return;
    this.steps.delete(span.spanId);
    const error = span.error;
    if (error) step.fail(Object.assign(new Error(spanErrorMessage(error)), { name: 'SpanError' }));
    else {
      const end = spanEnd(span);
      step.complete(end.output, end.usage ? { usage: end.usage } : {});
    }
  }

  async shutdown(): Promise<void> {}

  async forceFlush(): Promise<void> {}

  private parentOf(span: Span<SpanData>): RecordedStep | undefined {
    const id = span.parentId ?? span.traceId;
    return this.steps.get(id) ?? this.passThrough.get(id);
  }

  private begin(spanId: string, parent: RecordedStep | undefined, start: StepStart): void {
    if (parent) this.steps.set(spanId, parent.child(start));
    else if (currentSession() !== undefined) this.steps.set(spanId, recordStep(start));
  }
}

/** A span's error with the tool's own message when the SDK gives one (it carries the ep code first). */
function spanErrorMessage(error: { message: string; data?: Record<string, unknown> }): string {
  const detail = error.data?.['error'];
  return typeof detail === 'string' ? `${error.message}: ${detail}` : error.message;
}
