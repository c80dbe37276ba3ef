import type pg from 'pg';
import { EpError, ExitCode } from '../../kernel/errors.js';
import type { Database } from '../../postgres/database.js';
import { shownUrl } from '../../postgres/database-errors.js';
import type { LogRecord, SessionNode } from '../call-node.js';
import { validateSessionId } from '../session-id.js';
import { foldRecords } from './log-format.js';
import { AppendQueue, type AppendOwner } from './postgres-append-queue.js';
import { placeSessionDirectory, writeSessionFiles, type SessionHistory } from './session-export.js';
import type { SessionContents, SessionExport, SessionLogContract, SessionMeta, SessionStore } from './session-store.js';

interface SessionRow {
  id: string;
  source: string;
  created_at: Date;
  updated_at: Date;
  turns: number;
  node_count: number;
}

export interface PostgresSessionStoreOptions {
  /** The database, or how to open it on first use (so a store is made, and fails by name, only when used). */
  readonly database: Database | (() => Database);
  /** `$EP_HOME`: where subprocesses keep what is not a session (trust, caches). */
  readonly home: string;
}

/**
 * Sessions in PostgreSQL: one row per session, its log as rows numbered in commit order, and one row per
 * turn in place of the file store's per-turn git commit. Any number of processes on any number of machines
 * may write one session; a turn's head is `turn-<n>`.
 */
export class PostgresSessionStore implements SessionStore {
  readonly home: string;
  private readonly source: Database | (() => Database);
  private opened: Database | undefined;
  private readonly queue: AppendQueue;

  constructor(options: PostgresSessionStoreOptions) {
    this.home = options.home;
    this.source = options.database;
    this.queue = new AppendQueue(() => this.database);
  }

  private get database(): Database {
    return (this.opened ??= typeof this.source === 'function' ? this.source() : this.source);
  }

  async open(sessionId: string, options: { source?: string } = {}): Promise<SessionLogContract> {
    const id = validateSessionId(sessionId);
    const now = new Date().toISOString();
    const { rowCount } = await this.database.query(
      'INSERT INTO ep_sessions (id, source, created_at, updated_at) VALUES ($1, $2, $3, $3) ON CONFLICT (id) DO NOTHING',
      [id, options.source ?? 'api', now],
      `opening session ${id}`,
    );
    return new PostgresSessionLog(id, rowCount === 1, this.database, this.queue);
  }

  async exists(sessionId: string): Promise<boolean> {
    const id = validateSessionId(sessionId);
    const { rowCount } = await this.database.query('SELECT 1 FROM ep_sessions WHERE id = $1', [id], `looking up session ${id}`);
    return rowCount === 1;
  }

  async list(): Promise<SessionMeta[]> {
    await this.queue.settled();
    const { rows } = await this.database.query<SessionRow & { head: number | null }>(
      `SELECT id, source, created_at, updated_at, turns, node_count FROM ep_sessions ORDER BY updated_at DESC, id`,
      [],
      'listing sessions',
    );
    return rows.map(toMeta);
  }

  async read(sessionId: string): Promise<SessionContents> {
    const id = validateSessionId(sessionId);
    await this.queue.settled();
    return this.snapshot(id, `reading session ${id}`, async (_client, { meta, records }) => ({
      meta,
      nodes: foldRecords(records.map((entry) => entry.record)),
      skippedLines: 0,
    }));
  }

  /**
   * `body` with the session's meta and records in log order read in one read-only snapshot, and the
   * transaction for anything else it reads from that snapshot; `SESSION_NOT_FOUND` when there is no such session.
   */
  private snapshot<T>(
    id: string,
    what: string,
    body: (client: pg.PoolClient, session: { meta: SessionMeta; records: { position: number; record: LogRecord }[] }) => Promise<T>,
  ): Promise<T> {
    return this.database.transaction(what, async (client) => {
      await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const found = await client.query<SessionRow>(
        'SELECT id, source, created_at, updated_at, turns, node_count FROM ep_sessions WHERE id = $1',
        [id],
      );
      const row = found.rows[0];
      if (!row) throw this.notFound(id);
      const records = await client.query<{ position: string; record: LogRecord }>(
        'SELECT position, record FROM ep_session_records WHERE session_id = $1 ORDER BY position',
        [id],
      );
      const positioned = records.rows.map((entry) => ({ position: Number(entry.position), record: entry.record }));
      return body(client, { meta: toMeta(row), records: positioned });
    });
  }

  async delete(sessionId: string): Promise<void> {
    const id = validateSessionId(sessionId);
    await this.queue.settled();
    const { rowCount } = await this.database.query('DELETE FROM ep_sessions WHERE id = $1', [id], `deleting session ${id}`);
    if (rowCount !== 1) throw this.notFound(id);
  }

  /** The turns recorded for a session, oldest first: the history the file store keeps as git commits. */
  async turns(sessionId: string): Promise<{ number: number; turnId: string; message: string; lastPosition: number; endedAt: string }[]> {
    const id = validateSessionId(sessionId);
    const { rows } = await this.database.query<{ number: number; turn_id: string; message: string; last_position: string; ended_at: Date }>(
      'SELECT number, turn_id, message, last_position, ended_at FROM ep_session_turns WHERE session_id = $1 ORDER BY number',
      [id],
      `reading the turns of session ${id}`,
    );
    return rows.map((row) => ({
      number: row.number,
      turnId: row.turn_id,
      message: row.message,
      lastPosition: Number(row.last_position),
      endedAt: row.ended_at.toISOString(),
    }));
  }

  /** The session's records in log order, each with its position. */
  async records(sessionId: string): Promise<{ position: number; record: LogRecord }[]> {
    const id = validateSessionId(sessionId);
    await this.queue.settled();
    const { rows } = await this.database.query<{ position: string; record: LogRecord }>(
      'SELECT position, record FROM ep_session_records WHERE session_id = $1 ORDER BY position',
      [id],
      `reading session ${id}`,
    );
    return rows.map((row) => ({ position: Number(row.position), record: row.record }));
  }

  /**
   * The session in the file store's format under `<home>/sessions/<id>/`: the log rows as its JSON lines and
   * each turn row as a git commit of the log up to the turn's last position, at the time the turn ended.
   */
  async exportToFiles(sessionId: string, home: string): Promise<SessionExport> {
    const id = validateSessionId(sessionId);
    return placeSessionDirectory(home, id, async (dir) => writeSessionFiles(dir, await this.history(id)));
  }

  /** The session's meta, log and turns from one snapshot, so the turns never point past the log read. */
  private async history(id: string): Promise<SessionHistory> {
    await this.queue.settled();
    return this.snapshot(id, `reading session ${id} to export it`, async (client, { meta, records }) => {
      const turns = await client.query<{ message: string; last_position: string; ended_at: Date }>(
        'SELECT message, last_position, ended_at FROM ep_session_turns WHERE session_id = $1 ORDER BY number',
        [id],
      );
      const positions = records.map((entry) => entry.position);
      return {
        meta,
        records: records.map((entry) => entry.record),
        turns: turns.rows.map((turn) => ({
          message: turn.message,
          endedAt: turn.ended_at.toISOString(),
          records: recordsUpTo(positions, Number(turn.last_position)),
        })),
      };
    });
  }

  /** Waits for queued appends, then closes the connections. */
  async close(): Promise<void> {
    await this.queue.settled();
    await this.opened?.close();
  }

  private notFound(id: string): EpError {
    return new EpError('SESSION_NOT_FOUND', `No session ${id} in the database ${shownUrl(this.database.url)}.`, {
      exitCode: ExitCode.notFound,
      details: { sessionId: id, database: shownUrl(this.database.url) },
      suggestion: 'Run `ep session list` to see the sessions, or check EP_DATABASE_URL.',
    });
  }
}

class PostgresSessionLog implements SessionLogContract, AppendOwner {
  failure: Error | undefined = undefined;
  private readonly records: LogRecord[] = [];
  private readPosition = 0;

  constructor(
    readonly sessionId: string,
    readonly created: boolean,
    private readonly database: Database,
    private readonly queue: AppendQueue,
  ) {}

  append(record: LogRecord): void {
    if (this.failure !== undefined) throw this.failure;
    this.queue.push(this, record);
  }

  /** Reads only what was appended since the last read, from any writer. */
  async readNodes(): Promise<SessionNode[]> {
    await this.settled();
    const { rows } = await this.database.query<{ position: string; record: LogRecord }>(
      'SELECT position, record FROM ep_session_records WHERE session_id = $1 AND position > $2 ORDER BY position',
      [this.sessionId, this.readPosition],
      `reading session ${this.sessionId}`,
    );
    for (const row of rows) this.records.push(row.record);
    if (rows.length > 0) this.readPosition = Number(rows[rows.length - 1]!.position);
    return foldRecords(this.records);
  }

  async endTurn(turn: { turnId: string; names: readonly string[]; nodeCount: number }): Promise<void> {
    await this.settled();
    const names = [...new Set(turn.names)].slice(0, 5).join(', ');
    const now = new Date().toISOString();
    // The session row is locked for the statement: the turn number and its last position agree with it.
    await this.database.query(
      `WITH session AS (
         UPDATE ep_sessions SET turns = turns + 1, updated_at = $4, node_count = GREATEST(node_count, $3)
         WHERE id = $1 RETURNING turns, record_count
       )
       INSERT INTO ep_session_turns (session_id, number, turn_id, message, last_position, node_count, ended_at)
       SELECT $1, session.turns, $2, $5, session.record_count, $3, $4 FROM session`,
      [this.sessionId, turn.turnId, turn.nodeCount, now, `Turn ${turn.turnId}${names ? `: ${names}` : ''}`],
      `ending turn ${turn.turnId} of session ${this.sessionId}`,
    );
  }

  private async settled(): Promise<void> {
    await this.queue.settled();
    if (this.failure !== undefined) throw this.failure;
  }
}

/** How many of the (ascending) positions are at most `last`. */
function recordsUpTo(positions: readonly number[], last: number): number {
  let low = 0;
  let high = positions.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (positions[middle]! <= last) low = middle + 1;
    else high = middle;
  }
  return low;
}

function toMeta(row: SessionRow): SessionMeta {
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    source: row.source,
    turns: row.turns,
    nodeCount: row.node_count,
    head: row.turns > 0 ? `turn-${row.turns}` : null,
  };
}
