import { EpError, ExitCode } from '../kernel/errors.js';
import { processSlot } from '../kernel/process-registry.js';
import type { Callable } from './callable.js';
import { leadingDirective } from './docstring.js';
import { requireSession, runWithState, type SessionState } from './session-context.js';
import type { SessionNode } from './call-node.js';

/** What the decorator attaches to an agent function: its name and its instructions for the model. */
export interface AgentFunctionSpec {
  readonly name: string;
  /** From the decorator, else the function's docstring (a leading string directive); absent when neither. */
  readonly instructions?: string;
}

// One per process: `ep run` must recognise an agent function wrapped by an agent module's own copy of ep-runtime.
const specs = processSlot('agent-function-specs', 1, () => new WeakMap<object, AgentFunctionSpec>());

/** The spec of a recorded agent function (decorated method or `agentFunction` wrapper). */
export function agentSpecOf(fn: unknown): AgentFunctionSpec | undefined {
  return typeof fn === 'function' ? specs.get(fn) : undefined;
}

/** The spec of `fn` recorded as `name`: the instructions given, else its docstring. */
export function resolveSpec(name: string, instructions: string | undefined, fn: Callable): AgentFunctionSpec {
  const text = instructions ?? leadingDirective(fn);
  return { name, ...(text !== undefined ? { instructions: text } : {}) };
}

/**
 * Wraps a function so each call is a node of the current session, and its instructions reach the model
 * when it calls `callModel`. For plain JavaScript, where decorators are not available. The node is named
 * `name`, else the function's own name; an arrow or anonymous function has none, so it needs `name`
 * (AGENT_NAME_REQUIRED otherwise). Without `instructions`, the function's docstring gives them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- F keeps the caller's own signature, whatever it is
export function agentFunction<F extends (...args: any[]) => any>(spec: { name?: string; instructions?: string }, fn: F): F {
  const name = spec.name ?? fn.name;
  // A node with an empty name cannot be told apart in the session tree or the prompt's history.
  if (!name) {
    throw new EpError('AGENT_NAME_REQUIRED', 'agentFunction needs a name for an anonymous or arrow function: pass the name option.', {
      exitCode: ExitCode.usage,
      details: { field: 'name' },
      suggestion: "For example: agentFunction({ name: 'survey' }, async (input) => ...).",
    });
  }
  const resolved = resolveSpec(name, spec.instructions, fn);
  const wrapped = function (this: unknown, ...args: unknown[]) {
    return recordCall(resolved, fn, this, args);
  };
  Object.defineProperty(wrapped, 'name', { value: resolved.name });
  specs.set(wrapped, resolved);
  return wrapped as unknown as F;
}

/**
 * Method decorator (legacy `experimentalDecorators`, as tsyringe uses): attaches instructions to an
 * agent method and records every call as a node. Sync and async methods alike. `@agent()` without
 * instructions takes them from the method's docstring.
 *
 * ```ts
 * class Research {
 *   @agent('Survey the topic; list three findings, one line each.')
 *   async survey(input: { topic: string }) { return callModel(); }
 * }
 * ```
 */
export function agent(instructions?: string, options: { name?: string } = {}) {
  return function (_target: object, key: string | symbol, descriptor: PropertyDescriptor): PropertyDescriptor {
    if (descriptor === undefined || typeof descriptor.value !== 'function') {
      throw new TypeError(`@agent applies to methods; ${String(key)} is not a method (getters and fields are not supported).`);
    }
    descriptor.value = agentFunction(
      { name: options.name ?? String(key), ...(instructions !== undefined ? { instructions } : {}) },
      descriptor.value as Callable as (...args: unknown[]) => unknown,
    );
    return descriptor;
  };
}

/** Calls `fn` as a node of the current session (under the current call), settling the node however it ends. */
export function recordCall(spec: AgentFunctionSpec, fn: Callable, thisArg: unknown, args: unknown[]): unknown {
  const state = requireSession(spec.name);
  const node = state.writer.begin({
    kind: 'call',
    name: spec.name,
    caller: state.callId,
    ...(spec.instructions !== undefined ? { instructions: spec.instructions } : {}),
    input: args.length === 1 ? args[0] : args,
  });
  // Everything after `begin` is inside the try, so no early failure can leave the node running.
  let result: unknown;
  try {
    state.signal?.throwIfAborted();
    result = runWithState({ ...state, callId: node.id }, (): unknown => fn.apply(thisArg, args));
  } catch (error) {
    settleFailure(state, node, error);
    throw error;
  }
  if (isThenable(result)) {
    return Promise.resolve(result).then(
      (value) => {
        settle(state, node, { status: 'completed', output: value });
        return value;
      },
      (error: unknown) => {
        settleFailure(state, node, error);
        throw error;
      },
    );
  }
  settle(state, node, { status: 'completed', output: result });
  return result;
}

/** Failed calls are `cancelled` when the session was aborted (or the error is an abort), `error` otherwise. */
export function settleFailure(state: SessionState, node: SessionNode, error: unknown): void {
  settle(state, node, { status: isCancellation(state, error) ? 'cancelled' : 'error', error });
}

function settle(state: SessionState, node: SessionNode, end: Parameters<SessionState['writer']['finish']>[1]): void {
  try {
    state.writer.finish(node, end);
  } catch (failure) {
    state.writer.failures.push(failure);
  }
}

function isCancellation(state: SessionState, error: unknown): boolean {
  if (state.signal?.aborted) return true;
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'AbortError';
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as PromiseLike<unknown>).then === 'function'
  );
}
