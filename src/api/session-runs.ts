import { EpError, ExitCode, errorMessage, isEpError } from '../kernel/errors.js';
import { withRuntime, type RuntimeOptions } from '../runtime/runtime.js';
import { loadAgentTarget } from '../sessions/agent-target.js';
import { openSession, type SessionHandle } from '../sessions/session-context.js';
import { divertStdout } from '../util/stdout-diversion.js';
import { sessionOptions, type EpSessionOptions } from './session.js';

/** A session's options with the runtime's: the runtime is started for the call unless `runtime` is given. */
export interface SessionRunOptions extends EpSessionOptions, RuntimeOptions {}

export interface SessionRun<T> extends SessionHandle {
  readonly result: T;
}

/**
 * Runs `body` in a session, with the runtime's session store and model runtime: the library form of
 * what `ep run` does. Returns the session id with the result, so the caller can continue the session.
 */
export async function runInSession<T>(
  body: (session: SessionHandle) => Promise<T> | T,
  options: SessionRunOptions = {},
): Promise<SessionRun<T>> {
  return withRuntime(options, async (runtime) => {
    let handle: SessionHandle | undefined;
    const result = await openSession(await sessionOptions(runtime, options), (session) => {
      handle = session;
      return body(session);
    });
    return { ...handle!, result };
  });
}

export interface AgentRunResult {
  readonly sessionId: string;
  readonly created: boolean;
  readonly turnId: string;
  readonly target: string;
  readonly output: unknown;
}

/**
 * Loads the agent function `target` (`<module>#<export>` or `<module>#<Class>.<method>`, the module relative
 * to `cwd`) and runs it once on `input` in a session, as the session's node for this turn. A failure inside
 * the function becomes `AGENT_FAILED` (or `RUN_CANCELLED` when the run was aborted) naming the session,
 * whose DAG records it. What the agent's code prints on stdout (its module's top level, the function, and
 * anything they start) goes to stderr, so a caller's stdout stays its own.
 */
export async function runAgent(target: string, input?: unknown, options: SessionRunOptions = {}): Promise<AgentRunResult> {
  const agent = await divertStdout(() => loadAgentTarget(target, options.cwd ?? process.cwd()));
  let session: SessionHandle | undefined;
  try {
    const run = await runInSession((handle) => {
      session = handle;
      return divertStdout(() => agent.invoke(input ?? {}));
    }, options);
    return { sessionId: run.sessionId, created: run.created, turnId: run.turnId, target, output: run.result ?? null };
  } catch (error) {
    if (session === undefined) throw error;
    const storeError = isEpError(error) ? error.details?.storeError : undefined;
    const details = {
      sessionId: session.sessionId,
      target,
      ...(isEpError(error) ? { errorCode: error.code } : {}),
      ...(typeof storeError === 'string' ? { storeError } : {}),
    };
    const suggestion = `See what was recorded: ep session show ${session.sessionId}`;
    if (options.signal?.aborted) {
      const message = `${agent.name} was cancelled in session ${session.sessionId}: ${errorMessage(options.signal.reason)}`;
      throw new EpError('RUN_CANCELLED', message, { cause: error, details, suggestion });
    }
    throw new EpError('AGENT_FAILED', `${agent.name} failed in session ${session.sessionId}: ${errorMessage(error)}`, {
      exitCode: isEpError(error) ? error.exitCode : ExitCode.general,
      cause: error,
      details,
      suggestion,
    });
  }
}
