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
  {
    version: 2,
    description: 'context records, each save a version with its message and time',
    // A record row is live from the version that wrote it until the one that replaced or removed it, so any
    // version reads back as the rows live at it. Record text is kept as written (Python number forms included).
    sql: `
      CREATE TABLE ep_contexts (
        name text PRIMARY KEY,
        head integer NOT NULL DEFAULT 0
      );
      CREATE TABLE ep_context_versions (
        context text NOT NULL REFERENCES ep_contexts (name) ON DELETE CASCADE,
        version integer NOT NULL,
        message text NOT NULL,
        saved_at timestamptz NOT NULL,
        codebook text,
        PRIMARY KEY (context, version)
      );
      CREATE TABLE ep_context_records (
        context text NOT NULL REFERENCES ep_contexts (name) ON DELETE CASCADE,
        position integer NOT NULL,
        added integer NOT NULL,
        removed integer,
        record text NOT NULL,
        PRIMARY KEY (context, position, added)
      );
      CREATE INDEX ep_context_records_live ON ep_context_records (context, position) WHERE removed IS NULL;`,
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;
