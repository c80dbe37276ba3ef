import type { Database } from '../../postgres/database.js';
import type { LogRecord } from '../call-node.js';

/** Where a queued record's write failure is reported (its session log). */
export interface AppendOwner {
  readonly sessionId: string;
  failure: Error | undefined;
}

interface Queued {
  readonly owner: AppendOwner;
  readonly text: string;
}

const BATCH = 1000;

/**
 * Session records on their way to PostgreSQL. `append` is synchronous in the store contract, so records are
 * queued in call order and written in that order, batched while a write is in flight (one round trip for
 * many records). Each batch is one statement: a session's records get their positions from its row, locked
 * for the statement (`UPDATE ... RETURNING`), so every writer on every machine numbers them uniquely and
 * in the order they commit, with no read-then-write. A log whose write failed writes nothing more.
 */
export class AppendQueue {
  private queued: Queued[] = [];
  private draining: Promise<void> | undefined;

  constructor(private readonly database: () => Database) {}

  push(owner: AppendOwner, record: LogRecord): void {
    this.queued.push({ owner, text: JSON.stringify(record) });
    this.draining ??= this.drain();
  }

  /** Resolves once everything queued so far is written (or has failed, on its owner). */
  async settled(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    try {
      while (this.queued.length > 0) {
        const batch = this.queued.splice(0, BATCH).filter((item) => item.owner.failure === undefined);
        for (const run of consecutiveRuns(batch)) await this.write(run);
      }
    } finally {
      this.draining = undefined;
    }
  }

  private async write(run: Queued[]): Promise<void> {
    const owner = run[0]!.owner;
    if (owner.failure !== undefined) return;
    try {
      await this.database().query(
        `WITH counter AS (
           UPDATE ep_sessions SET record_count = record_count + $2 WHERE id = $1 RETURNING record_count - $2 AS base
         )
         INSERT INTO ep_session_records (session_id, position, record)
         SELECT $1, counter.base + item.ordinality, item.value
         FROM counter, json_array_elements($3::json) WITH ORDINALITY AS item (value, ordinality)`,
        [owner.sessionId, run.length, `[${run.map((item) => item.text).join(',')}]`],
        `appending to session ${owner.sessionId}`,
      );
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      for (const item of run) item.owner.failure ??= failure;
    }
  }
}

/** The batch cut where the owning log changes, keeping call order. */
function consecutiveRuns(batch: readonly Queued[]): Queued[][] {
  const runs: Queued[][] = [];
  for (const item of batch) {
    const last = runs[runs.length - 1];
    if (last && last[0]!.owner === item.owner) last.push(item);
    else runs.push([item]);
  }
  return runs;
}
