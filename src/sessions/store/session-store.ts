import { createToken } from '../../kernel/token.js';
import type { LogRecord, SessionNode } from '../call-node.js';
import type { SessionWatch, SessionWatchOptions } from './session-watch.js';

/** What `meta.json` holds for one session; `head` is the commit of the last turn. */
export interface SessionMeta {
  readonly id: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** Which entry point created the session: `cli`, `api`, `demo`, ... */
  readonly source: string;
  readonly turns: number;
  readonly nodeCount: number;
  readonly head: string | null;
}

export interface SessionContents {
  readonly meta: SessionMeta;
  readonly nodes: SessionNode[];
  /** Unreadable lines skipped (a torn last line after a crash is not counted: it is expected). */
  readonly skippedLines: number;
}

/** What an export in the file store's format wrote. */
export interface SessionExport {
  readonly sessionId: string;
  /** The `$EP_HOME`-style directory exported into. */
  readonly home: string;
  /** The session's directory there: `<home>/sessions/<id>`. */
  readonly dir: string;
  readonly turns: number;
  readonly nodes: number;
  readonly records: number;
  /** The commit of the last turn; null for a session with no turn ended yet. */
  readonly head: string | null;
}

/** An open session log: one writer per turn, appending records as calls start and finish. */
export interface SessionLogContract {
  readonly sessionId: string;
  /** True when `open` created the session. */
  readonly created: boolean;
  /** The nodes in the log now (another process may have appended since `open`). */
  readNodes(): Promise<SessionNode[]>;
  /** Appends one record durably before returning; throws when the write fails. */
  append(record: LogRecord): void;
  /** Ends a turn: records it in `meta.json` and commits the session's files. */
  endTurn(turn: { turnId: string; names: readonly string[]; nodeCount: number }): Promise<void>;
}

/** Where sessions live. The built-in store keeps one git-backed directory per session under `$EP_HOME`. */
export interface SessionStore {
  /** The directory holding `sessions/` (so subprocesses can be pointed at the same store). */
  readonly home: string;
  /** Opens the session with this id, creating it when it does not exist yet. The id must be valid. */
  open(sessionId: string, options?: { source?: string }): Promise<SessionLogContract>;
  exists(sessionId: string): Promise<boolean>;
  list(): Promise<SessionMeta[]>;
  read(sessionId: string): Promise<SessionContents>;
  delete(sessionId: string): Promise<void>;
  /**
   * Calls `onChange` (debounced) whenever the session's contents may have changed, until the watch is closed.
   * Optional: without it, readers poll `read`.
   */
  watch?(sessionId: string, onChange: () => void, options?: SessionWatchOptions): SessionWatch;
  /**
   * Writes the session in the file store's on-disk format to `<home>/sessions/<id>/` (its log, `meta.json` and
   * one git commit per turn, at the turn's time), so a file store with that home reads the same nodes and
   * turns. Built beside its place and renamed in: a failure leaves nothing there, and a session already
   * there is refused (`SESSION_EXISTS`). Optional: a store without it cannot export.
   */
  exportToFiles?(sessionId: string, home: string): Promise<SessionExport>;
}

/** Where session DAGs are kept: one git-backed directory per session under `$EP_HOME/sessions/`. */
export const SessionStore = createToken<SessionStore>('ep.SessionStore');
