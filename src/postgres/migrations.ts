/**
 * The schema ep keeps in a PostgreSQL database, as numbered steps. A step is never edited once released:
 * a change is a new step. `ep_schema_version` records each step applied.
 */
export interface Migration {
  readonly version: number;
  readonly description: string;
  readonly sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'sessions, their records in log order and their turns',
    // `record` is json, not jsonb: the record's text is kept exactly as written, key order included.
    sql: `
      CREATE TABLE ep_sessions (
        id text PRIMARY KEY,
        source text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        turns integer NOT NULL DEFAULT 0,
        node_count integer NOT NULL DEFAULT 0,
        record_count bigint NOT NULL DEFAULT 0
      );
      CREATE INDEX ep_sessions_updated ON ep_sessions (updated_at DESC, id);
      CREATE TABLE ep_session_records (
        session_id text NOT NULL REFERENCES ep_sessions (id) ON DELETE CASCADE,
        position bigint NOT NULL,
        record json NOT NULL,
        PRIMARY KEY (session_id, position)
      );
      CREATE TABLE ep_session_turns (
        session_id text NOT NULL REFERENCES ep_sessions (id) ON DELETE CASCADE,
        number integer NOT NULL,
        turn_id text NOT NULL,
        message text NOT NULL,
        last_position bigint NOT NULL,
        node_count integer NOT NULL,
        ended_at timestamptz NOT NULL,
        PRIMARY KEY (session_id, number)
      );`,
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;
