import type { ToolRegistry } from '../skills/tool.js';
import { AsyncLocalStorage } from 'node:async_hooks';
import { EpError, ExitCode, isEpError } from '../kernel/errors.js';
import { processSlot } from '../kernel/process-registry.js';
import type { ModelRuntime } from '../models/model-runtime.js';
import type { SessionStore } from './store/session-store.js';
import { newSessionId, newShortId, validateSessionId } from './session-id.js';
import { SessionWriter } from './session-writer.js';

/** Answers `askUser` questions: a code callback, an answers file, or nothing (every question unanswered). */
export type AnswerSource = (question: string) => string | undefined | Promise<string | undefined>;

/** The per-turn state every agent function, model call and question reads. Immutable: nesting makes a copy. */
export interface SessionState {
  readonly sessionId: string;
  readonly turnId: string;
  readonly store: SessionStore;
  readonly writer: SessionWriter;
  readonly model?: ModelRuntime;
  readonly answers?: AnswerSource;
  readonly signal?: AbortSignal;
  /** The tools agent functions may call (`useTool`); absent outside a runtime. */
  readonly tools?: ToolRegistry;
  /** The environment the session was started with; subprocesses of the session inherit it. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The call in progress: the caller of any node started now (null at the top of a turn). */
  readonly callId: string | null;
}

export interface SessionOptions {
  /** Continue this session (created under this id when it does not exist); omitted → a new session. */
  readonly sessionId?: string;
  readonly turnId?: string;
  /**
   * Where the session is kept: the runtime's `SessionStore` (the public `withSession` passes it). Required,
   * with no file store made here, so a configured session store is the one every session is written to.
   */
  readonly store: SessionStore;
  readonly model?: ModelRuntime;
  readonly answers?: AnswerSource;
  readonly signal?: AbortSignal;
  readonly tools?: ToolRegistry;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Which entry point opens the session (`cli`, `api`, `demo`, `subprocess`), recorded when it is created. */
  readonly source?: string;
  /** A call in another process that this turn's top-level calls belong under (set by the subprocess helper). */
  readonly parentCallId?: string;
  /** Prefix of generated session ids. */
  readonly idPrefix?: string;
}

export interface SessionHandle {
  readonly sessionId: string;
  readonly turnId: string;
  /** True when this turn created the session. */
  readonly created: boolean;
}

// One per process: agent code importing its own copy of the runtime still sees the session it runs in.
const storage = processSlot('session-context', 1, () => new AsyncLocalStorage<SessionState>());

/** The session of the code running now, if any. */
export function currentSession(): SessionState | undefined {
  return storage.getStore();
}

/** The session's abort signal, for agent functions that wait on something (timers, child processes, fetch). */
export function currentSignal(): AbortSignal | undefined {
  return storage.getStore()?.signal;
}

/** The session of the code running now; a clear error (never a silent no-op) when there is none. */
export function requireSession(what: string): SessionState {
  const state = storage.getStore();
  if (state === undefined) {
    throw new EpError(
      'SESSION_REQUIRED',
      `${what} ran outside a session, so its call cannot be recorded and its instructions cannot reach the model.`,
      {
        suggestion: 'Run it inside withSession(...) or ep.sessions.run(...) from code, or with `ep run <module>#<export>`.',
      },
    );
  }
  return state;
}

/** Runs `body` with the state of a nested call; AsyncLocalStorage restores the outer state afterwards. */
export function runWithState<T>(state: SessionState, body: () => T): T {
  return storage.run(state, body);
}

const CALL_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The one entry point every caller goes through (CLI, embedded code, subprocesses, tests, the demo). It
 * opens or creates the session, installs the per-turn state with AsyncLocalStorage `run` (so the outer
 * state is back in place however `body` ends), and ends the turn (meta + commit) afterwards.
 *
 * A write failure never replaces an error `body` threw; when `body` succeeded it is reported instead.
 */
export async function openSession<T>(options: SessionOptions, body: (session: SessionHandle) => T | Promise<T>): Promise<T> {
  const sessionId = options.sessionId === undefined ? newSessionId(options.idPrefix) : validateSessionId(options.sessionId);
  if (options.parentCallId !== undefined && !CALL_ID_PATTERN.test(options.parentCallId)) {
    throw new EpError('INVALID_CALL_ID', `Parent call id ${JSON.stringify(options.parentCallId)} is not valid.`, {
      exitCode: ExitCode.validation,
      details: { parentCallId: options.parentCallId },
    });
  }
  options.signal?.throwIfAborted();
  const store = requireStore(options.store);
  const env = options.env ?? process.env;
  const log = await store.open(sessionId, { source: options.source ?? 'api' });
  const turnId = options.turnId ?? newShortId('turn');
  const writer = new SessionWriter(log, turnId, await log.readNodes());
  const state: SessionState = {
    sessionId,
    turnId,
    store,
    writer,
    env,
    callId: options.parentCallId ?? null,
    ...(options.model ? { model: options.model } : {}),
    ...(options.answers ? { answers: options.answers } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.tools ? { tools: options.tools } : {}),
  };
  const handle: SessionHandle = { sessionId, turnId, created: log.created };
  let result: T;
  try {
    result = await storage.run(state, () => body(handle));
  } catch (error) {
    await writer.endTurn().catch(() => undefined);
    throw error;
  }
  try {
    await writer.endTurn();
  } catch (cause) {
    // A store that names its failure (a database gone away, say) keeps its code and exit code in the report.
    const named = isEpError(cause) ? cause : undefined;
    throw new EpError('SESSION_WRITE_FAILED', `Session ${sessionId} could not be saved in ${store.home}: ${(cause as Error).message}`, {
      cause,
      ...(named ? { exitCode: named.exitCode } : {}),
      details: { sessionId, home: store.home, ...(named ? { storeError: named.code } : {}) },
    });
  }
  return result;
}

/** Checked at run time too, for plain JavaScript callers; before anything is opened or run. */
function requireStore(store: SessionStore | undefined): SessionStore {
  if (store) return store;
  throw new EpError('SESSION_STORE_REQUIRED', 'A session needs a session store in the store field.', {
    exitCode: ExitCode.usage,
    details: { field: 'store' },
    suggestion: "Use withSession(body, { runtime }) from the library API, which takes the runtime's SessionStore.",
  });
}
