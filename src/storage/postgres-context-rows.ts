import type pg from 'pg';
import type { Codebook } from '../records/scenario.js';

// The SQL of a context's rows (see PostgresPackageStore): run by its callers inside their transaction.

/**
 * Writes version `head + 1` of a context whose live records are `before`: the rows whose text changed (or
 * that are gone) are closed at the new version, the changed ones inserted, and the version recorded with its
 * message, codebook and time (now, unless given). The caller holds the context's row lock.
 */
export async function writeVersion(
  client: pg.PoolClient,
  name: string,
  write: { head: number; before: readonly string[]; after: readonly string[]; codebook: string | null; message: string; savedAt?: Date },
): Promise<number> {
  const { head, before, after } = write;
  const version = head + 1;
  const changed = after.flatMap((text, position) => (before[position] === text ? [] : [position]));
  await client.query(
    `UPDATE ep_context_records SET removed = $2
     WHERE context = $1 AND removed IS NULL AND (position = ANY($3::int[]) OR position >= $4)`,
    [name, version, changed, after.length],
  );
  if (changed.length > 0) {
    await client.query(
      `INSERT INTO ep_context_records (context, position, added, record)
       SELECT $1, item.position, $2, item.record FROM unnest($3::int[], $4::text[]) AS item (position, record)`,
      [name, version, changed, changed.map((position) => after[position]!)],
    );
  }
  await client.query(
    `INSERT INTO ep_context_versions (context, version, message, saved_at, codebook)
     VALUES ($1, $2, $3, COALESCE($4::timestamptz, now()), $5)`,
    [name, version, write.message, write.savedAt?.toISOString() ?? null, write.codebook],
  );
  await client.query('UPDATE ep_contexts SET head = $2 WHERE name = $1', [name, version]);
  return version;
}

export async function headOf(client: pg.PoolClient, name: string): Promise<number | undefined> {
  const { rows } = await client.query<{ head: number }>('SELECT head FROM ep_contexts WHERE name = $1', [name]);
  return rows[0]?.head;
}

export async function codebookAt(client: pg.PoolClient, name: string, version: number): Promise<Codebook | undefined> {
  const { rows } = await client.query<{ codebook: string | null }>(
    'SELECT codebook FROM ep_context_versions WHERE context = $1 AND version = $2',
    [name, version],
  );
  const text = rows[0]?.codebook;
  return text ? (JSON.parse(text) as Codebook) : undefined;
}
