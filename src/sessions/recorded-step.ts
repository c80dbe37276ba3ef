import type { SessionNode, TokenUsage } from './call-node.js';
import { settleFailure } from './agent-function.js';
import { requireSession, runWithState, type SessionState } from './session-context.js';

/** What a step records when it starts: a model call (`model`) or any other call (a tool, an agent, a chain). */
export interface StepStart {
  readonly kind?: 'call' | 'model';
  readonly name: string;
  readonly input: unknown;
  readonly instructions?: string;
}

export interface StepEnd {
  readonly usage?: TokenUsage;
}

/**
 * One node of the current session started by code that is not an agent function: what an adapter records
 * for a framework's model call, tool call or run. It ends once (`complete` or `fail`); later ends are ignored.
 */
export interface RecordedStep {
  readonly id: string;
  readonly sessionId: string;
  /** Runs `body` with this step as the caller of whatever it records (agent functions, model calls, steps). */
  run<T>(body: () => T): T;
  /** Starts a step under this one, for code that runs outside `run` (a framework's start and end callbacks). */
  child(start: StepStart): RecordedStep;
  complete(output?: unknown, end?: StepEnd): void;
  fail(error: unknown): void;
}

/**
 * Starts a step under the call in progress in the current session (`SESSION_REQUIRED` outside one). Reading
 * the caller when the step starts makes parallel siblings (`Promise.all`) land under the call that started them.
 */
export function recordStep(start: StepStart): RecordedStep {
  const state = requireSession(start.name);
  return beginStep(state, state.callId, start);
}

function beginStep(state: SessionState, caller: string | null, start: StepStart): RecordedStep {
  const node = state.writer.begin({
    kind: start.kind ?? 'call',
    name: start.name,
    caller,
    input: start.input,
    ...(start.instructions !== undefined ? { instructions: start.instructions } : {}),
  });
  let ended = false;
  const end = (settle: (node: SessionNode) => void) => {
    if (ended) return;
    ended = true;
    try {
      settle(node);
    } catch (failure) {
      state.writer.failures.push(failure);
    }
  };
  return {
    id: node.id,
    sessionId: state.sessionId,
    run: (body) => runWithState({ ...state, callId: node.id }, body),
    child: (childStart) => beginStep(state, node.id, childStart),
    complete: (output, details) =>
      end((settled) =>
        state.writer.finish(settled, { status: 'completed', output, ...(details?.usage !== undefined ? { usage: details.usage } : {}) }),
      ),
    fail: (error) => end((settled) => settleFailure(state, settled, error)),
  };
}
