import { EpError, ExitCode, errorMessage, isEpError } from '../kernel/errors.js';
import { ModelRuntime } from '../models/model-runtime.js';
import { RuntimeSettings } from '../kernel/runtime-settings.js';
import { SessionStore } from '../sessions/store/session-store.js';
import { ToolRegistry } from '../skills/tool.js';
import { withRuntime, type EpRuntime, type RuntimeOptions } from '../runtime/runtime.js';
import { answersFromFile } from '../sessions/answer-sources.js';
import { loadAgentTarget } from '../sessions/agent-target.js';
import { withSession as openSession, type AnswerSource, type SessionHandle, type SessionOptions } from '../sessions/session-context.js';
import { divertStdout } from '../util/stdout-diversion.js';
import { runtimeOrDefault } from './default-runtime.js';

export interface SessionRunOptions extends RuntimeOptions {
  /** Continue this session; omitted → a new session, whose id is returned. */
  readonly sessionId?: string;
  /** Answers `askUser` questions in code. */
  readonly answers?: AnswerSource;
  /** A JSON answers file (used when `answers` is not given). */
  readonly answersFile?: string;
  readonly signal?: AbortSignal;
  /** Which entry point opens the session (`api` by default). */
  readonly source?: string;
  /** A call in a parent process the turn's calls belong under. */
  readonly parentCallId?: string;
}

export interface SessionRun<T> extends SessionHandle {
  readonly result: T;
}

/** The session fields of the library's session functions, with no runtime options. */
export type SessionFields = Omit<SessionRunOptions, keyof RuntimeOptions>;

export interface WithSessionOptions extends SessionFields {
  /** The runtime whose session store, model and tools the session uses; the default runtime when absent. */
  readonly runtime?: EpRuntime;
}

/**
 * Runs `body` in a session (a new one, or `sessionId` continued) and returns what it returns. The session
 * is written to the runtime's configured `SessionStore`, so a session-store plugin decides where every
 * session goes; without `runtime`, the default runtime's (files under `$EP_HOME`, or `~/.ep`).
 */
export async function withSession<T>(body: (session: SessionHandle) => Promise<T> | T, options: WithSessionOptions = {}): Promise<T> {
  const runtime = await runtimeOrDefault(options.runtime);
  return openSession(await sessionOptions(runtime, options), body);
}

/**
 * Runs `body` in a session, with the runtime's session store and model runtime: the library form of
 * what `ep run` does. Returns the session id with the result, so the caller can continue the session.
 */
export async function runInSession<T>(
  options: SessionRunOptions,
  body: (session: SessionHandle) => Promise<T> | T,
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

/** Everything a session takes from the runtime (store, model, tools, environment) and from the caller. */
async function sessionOptions(runtime: EpRuntime, options: SessionFields): Promise<SessionOptions> {
  const answers = options.answers ?? (options.answersFile ? await answersFromFile(options.answersFile) : undefined);
  return {
    store: runtime.get(SessionStore),
    model: runtime.get(ModelRuntime),
    tools: runtime.get(ToolRegistry),
    env: runtime.get(RuntimeSettings).env,
    source: options.source ?? 'api',
    ...(options.sessionId !== undefined ? { sessionId: options.sessionId } : {}),
    ...(answers ? { answers } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.parentCallId ? { parentCallId: options.parentCallId } : {}),
  };
}

export interface AgentRunOptions extends SessionRunOptions {
  /** `<module>#<export>` or `<module>#<Class>.<method>`. */
  readonly target: string;
  readonly input?: unknown;
}

export interface AgentRunResult {
  readonly sessionId: string;
  readonly created: boolean;
  readonly turnId: string;
  readonly target: string;
  readonly output: unknown;
}

/**
 * Loads an agent function and runs it once in a session, as the session's node for this turn. A failure
 * inside the function becomes `AGENT_FAILED` (or `RUN_CANCELLED` when the run was aborted) naming the
 * session, whose DAG records it. What the agent's code prints on stdout (its module's top level, the
 * function, and anything they start) goes to stderr, so a caller's stdout stays its own.
 */
export async function runAgent(options: AgentRunOptions): Promise<AgentRunResult> {
  const agent = await divertStdout(() => loadAgentTarget(options.target, options.cwd ?? process.cwd()));
  let session: SessionHandle | undefined;
  try {
    const run = await runInSession(options, (handle) => {
      session = handle;
      return divertStdout(() => agent.invoke(options.input ?? {}));
    });
    return { sessionId: run.sessionId, created: run.created, turnId: run.turnId, target: options.target, output: run.result ?? null };
  } catch (error) {
    if (session === undefined) throw error;
    const details = {
      sessionId: session.sessionId,
      target: options.target,
      ...(isEpError(error) ? { errorCode: error.code } : {}),
    };
    if (options.signal?.aborted) {
      throw new EpError(
        'RUN_CANCELLED',
        `${agent.name} was cancelled in session ${session.sessionId}: ${errorMessage(options.signal.reason)}`,
        {
          cause: error,
          details,
          suggestion: `See what was recorded: ep session show ${session.sessionId}`,
        },
      );
    }
    throw new EpError('AGENT_FAILED', `${agent.name} failed in session ${session.sessionId}: ${errorMessage(error)}`, {
      exitCode: isEpError(error) ? error.exitCode : ExitCode.general,
      cause: error,
      details,
      suggestion: `See what was recorded: ep session show ${session.sessionId}`,
    });
  }
}
