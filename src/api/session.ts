import { ModelRuntime } from '../models/model-runtime.js';
import { RuntimeSettings } from '../kernel/runtime-settings.js';
import { SessionStore } from '../sessions/store/session-store.js';
import { ToolRegistry } from '../skills/tool.js';
import type { EpRuntime } from '../runtime/runtime.js';
import { answersFromFile } from '../sessions/answer-sources.js';
import { openSession, type AnswerSource, type SessionHandle, type SessionOptions } from '../sessions/session-context.js';
import { runtimeOrDefault } from './default-runtime.js';

/** What a caller says about the session it runs code in: which one, how questions are answered, cancellation. */
export interface EpSessionOptions {
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

export interface WithSessionOptions extends EpSessionOptions {
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

/** Everything a session takes from the runtime (store, model, tools, environment) and from the caller. */
export async function sessionOptions(runtime: EpRuntime, options: EpSessionOptions): Promise<SessionOptions> {
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
