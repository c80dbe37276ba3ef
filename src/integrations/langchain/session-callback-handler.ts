import { BaseCallbackHandler } from '@langchain/core/callbacks/base';
import type { Serialized } from '@langchain/core/load/serializable';
import type { BaseMessage } from '@langchain/core/messages';
import type { LLMResult } from '@langchain/core/outputs';
import type { ChainValues } from '@langchain/core/utils/types';
import { currentSession, recordStep, type RecordedStep, type StepStart } from '../../index.js';
import { chatMessagesInput, modelName, modelReply, runValue } from './recorded-runs.js';

/** LangGraph marks its own plumbing runs (channel writes, routing) with this tag; they are not steps of the agent. */
const HIDDEN_TAG = 'langsmith:hidden';

/**
 * A LangChain callback handler that records every run (chains and graph nodes as calls, chat models and LLMs as
 * model calls, tools as calls) in the current session: the first run under the call in progress, every other
 * under the run LangChain names as its parent, so parallel tool calls land side by side under the run that made
 * them (a LangGraph tool node). Pass it in `callbacks`: `agent.invoke(input, { callbacks: [new EpSessionHandler()] })`. Runs started
 * outside a session are not recorded.
 */
export class EpSessionHandler extends BaseCallbackHandler {
  readonly name = 'ep-session';
  // Handlers run before the run they observe goes on, in its async context, so a step starts under its caller.
  override awaitHandlers = true;
  private readonly steps = new Map<string, RecordedStep>();
  /** Hidden runs, each standing for the step it runs under (so its children nest there). */
  private readonly hidden = new Map<string, RecordedStep | undefined>();

  // The callback manager passes (chain, inputs, runId, parentRunId, tags, metadata, runType, runName), as
  // LangChain's own tracers read it, whatever order the handler interface declares.
  override handleChainStart(
    chain: Serialized,
    inputs: ChainValues,
    runId: string,
    parentRunId?: string,
    tags?: string[],
    _metadata?: Record<string, unknown>,
    _runType?: string,
    runName?: string,
  ): void {
    if (tags?.includes(HIDDEN_TAG)) this.hidden.set(runId, this.parentOf(parentRunId));
    else this.begin(runId, parentRunId, { name: runName ?? chain.id.at(-1) ?? 'chain', input: runValue(inputs) });
  }

  /** One handler for the whole run: the runs it has seen are the parents of those still to come. */
  override copy(): this {
    return this;
  }

  override handleChainEnd(outputs: ChainValues, runId: string): void {
    this.end(runId, (step) => step.complete(runValue(outputs)));
  }

  override handleChainError(error: Error, runId: string): void {
    this.end(runId, (step) => step.fail(error));
  }

  override handleChatModelStart(
    llm: Serialized,
    messages: BaseMessage[][],
    runId: string,
    parentRunId?: string,
    extraParams?: Record<string, unknown>,
    _tags?: string[],
    _metadata?: Record<string, unknown>,
    runName?: string,
  ): void {
    this.begin(runId, parentRunId, { kind: 'model', name: modelName(llm, extraParams, runName), input: chatMessagesInput(messages) });
  }

  override handleLLMStart(
    llm: Serialized,
    prompts: string[],
    runId: string,
    parentRunId?: string,
    extraParams?: Record<string, unknown>,
    _tags?: string[],
    _metadata?: Record<string, unknown>,
    runName?: string,
  ): void {
    this.begin(runId, parentRunId, { kind: 'model', name: modelName(llm, extraParams, runName), input: { prompts } });
  }

  override handleLLMEnd(output: LLMResult, runId: string): void {
    const reply = modelReply(output);
    this.end(runId, (step) => step.complete(reply.output, reply.usage ? { usage: reply.usage } : {}));
  }

  override handleLLMError(error: Error, runId: string): void {
    this.end(runId, (step) => step.fail(error));
  }

  override handleToolStart(
    tool: Serialized,
    input: string,
    runId: string,
    parentRunId?: string,
    _tags?: string[],
    _metadata?: Record<string, unknown>,
    runName?: string,
  ): void {
    this.begin(runId, parentRunId, { name: runName ?? tool.id.at(-1) ?? 'tool', input: parsedToolInput(input) });
  }

  override handleToolEnd(output: unknown, runId: string): void {
    this.end(runId, (step) => step.complete(toolOutput(output)));
  }

  override handleToolError(error: Error, runId: string): void {
    this.end(runId, (step) => step.fail(error));
  }

  private parentOf(parentRunId: string | undefined): RecordedStep | undefined {
    if (parentRunId === undefined) return undefined;
    return this.steps.get(parentRunId) ?? this.hidden.get(parentRunId);
  }

  private begin(runId: string, parentRunId: string | undefined, start: StepStart): void {
    const parent = this.parentOf(parentRunId);
    if (parent) this.steps.set(runId, parent.child(start));
    else if (currentSession() !== undefined) this.steps.set(runId, recordStep(start));
  }

  private end(runId: string, settle: (step: RecordedStep) => void): void {
    const step = this.steps.get(runId);
    this.steps.delete(runId);
    this.hidden.delete(runId);
    if (step) settle(step);
  }
}

/** Tools receive their input as JSON text; recorded as the value when it parses. */
function parsedToolInput(input: string): unknown {
  try {
    return JSON.parse(input) as unknown;
  } catch {
    return input;
  }
}

/** A tool's output is often a ToolMessage; its content (and artifact) is what the tool returned. */
function toolOutput(output: unknown): unknown {
  if (output !== null && typeof output === 'object' && 'content' in output) {
    const message = output as { content: unknown; artifact?: unknown };
    return message.artifact !== undefined ? message.artifact : message.content;
  }
  return output;
}
