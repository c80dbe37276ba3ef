import pg from 'pg';
import { EpError, ExitCode } from '../kernel/errors.js';
import { DatabaseErrorCode, databaseError, shownUrl } from './database-errors.js';
import { MIGRATIONS, SCHEMA_VERSION } from './migrations.js';

export interface DatabaseOptions {
  /** A `postgres://` (or `postgresql://`) URL. */
  readonly url: string;
  /** Apply missing schema steps on first use (default true); otherwise an older schema is refused. */
  readonly migrate?: boolean;
  /** Connections kept open at most (default 4). */
  readonly maxConnections?: number;
}

export interface MigrationReport {
  readonly url: string;
  readonly from: number;
  readonly to: number;
  readonly applied: { version: number; description: string }[];
}

/** Taken by every migrating process in one transaction, so two first uses never apply a step twice. */
const MIGRATION_LOCK = 0x65702d6d; // "ep-m"

/**
 * One PostgreSQL database, through a `pg` pool: the schema checked (and migrated) before the first query,
 * every failure turned into an EpError with a stable code, and transactions that commit whole or not at all.
 */
export class Database {
  readonly url: string;
  private readonly pool: pg.Pool;
  private readonly migrate: boolean;
  private ready: Promise<void> | undefined;
  /** Set once a statement has run: later connection failures mean the server went away. */
  private reached = false;

  constructor(options: DatabaseOptions) {
    this.url = checkedUrl(options.url);
    this.migrate = options.migrate ?? true;
    this.pool = new pg.Pool({
      connectionString: this.url,
      max: options.maxConnections ?? 4,
      connectionTimeoutMillis: 10_000,
      // Idle connections never keep a process alive that has nothing else to do.
      allowExitOnIdle: true,
    });
    // An idle connection the server closes reports here; the next query reconnects (or fails, and says so).
    this.pool.on('error', () => undefined);
  }

  /** Runs one statement (a statement is its own transaction). */
  async query<R extends pg.QueryResultRow>(sql: string, values: readonly unknown[], during: string): Promise<pg.QueryResult<R>> {
    await this.schemaReady();
    try {
      const result = await this.pool.query<R>(sql, values as unknown[]);
      this.reached = true;
      return result;
    } catch (cause) {
      throw databaseError(cause, this.url, during, this.reached);
    }
  }

  /** Runs `body` in one transaction: committed when it returns, rolled back when it (or the connection) fails. */
  async transaction<T>(during: string, body: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    await this.schemaReady();
    return this.rawTransaction(during, body);
  }

  /** Applies the schema steps this database lacks; the report says which. */
  async migrateNow(): Promise<MigrationReport> {
    const report = await this.rawTransaction('migrating the schema', async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await client.query(
        `CREATE TABLE IF NOT EXISTS ep_schema_version (
           version integer PRIMARY KEY, description text NOT NULL, applied_at timestamptz NOT NULL
         )`,
      );
      const from = await currentVersion(client);
      this.refuseNewer(from);
      const applied = [];
      for (const step of MIGRATIONS.filter((migration) => migration.version > from)) {
        await client.query(step.sql);
        await client.query('INSERT INTO ep_schema_version (version, description, applied_at) VALUES ($1, $2, now())', [
          step.version,
          step.description,
        ]);
        applied.push({ version: step.version, description: step.description });
      }
      return { url: shownUrl(this.url), from, to: SCHEMA_VERSION, applied };
    });
    this.ready = Promise.resolve();
    return report;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  private schemaReady(): Promise<void> {
    this.ready ??= this.checkSchema().catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  private async checkSchema(): Promise<void> {
    const version = await this.rawTransaction('reading the schema version', currentVersion);
    if (version === SCHEMA_VERSION) return;
    this.refuseNewer(version);
    if (!this.migrate) {
      throw new EpError(
        DatabaseErrorCode.schemaVersion,
        `The database ${shownUrl(this.url)} has schema version ${version}; this ep needs ${SCHEMA_VERSION}.`,
        {
          exitCode: ExitCode.validation,
          details: { url: shownUrl(this.url), found: version, expected: SCHEMA_VERSION },
          suggestion: 'Run `ep db migrate` to bring the schema up to date.',
        },
      );
    }
    await this.migrateNow();
  }

  private refuseNewer(version: number): void {
    if (version <= SCHEMA_VERSION) return;
    throw new EpError(
      DatabaseErrorCode.schemaVersion,
      `The database ${shownUrl(this.url)} has schema version ${version}, newer than the ${SCHEMA_VERSION} this ep knows; ` +
        'nothing was changed.',
      {
        exitCode: ExitCode.validation,
        details: { url: shownUrl(this.url), found: version, expected: SCHEMA_VERSION },
        suggestion: 'Upgrade ep on this machine to the version that migrated the database.',
      },
    );
  }

  private async rawTransaction<T>(during: string, body: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (cause) {
      throw databaseError(cause, this.url, during, this.reached);
    }
    // A connection that breaks while checked out reports on the client; the failing query says what broke.
    const ignore = () => undefined;
    client.on('error', ignore);
    let broken = false;
    try {
      await client.query('BEGIN');
      const result = await body(client);
      await client.query('COMMIT');
      this.reached = true;
      return result;
    } catch (cause) {
      await client.query('ROLLBACK').catch(() => (broken = true));
      throw databaseError(cause, this.url, during, this.reached);
    } finally {
      client.removeListener('error', ignore);
      client.release(broken);
    }
  }
}

/** The schema version applied, 0 for a database ep has not used yet (reading creates nothing). */
async function currentVersion(client: pg.PoolClient): Promise<number> {
  const { rows: found } = await client.query<{ table: string | null }>("SELECT to_regclass('ep_schema_version')::text AS table");
  if (!found[0]?.table) return 0;
  const { rows } = await client.query<{ version: number | null }>('SELECT max(version) AS version FROM ep_schema_version');
  return rows[0]?.version ?? 0;
}

function checkedUrl(url: string): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || !['postgres:', 'postgresql:'].includes(parsed.protocol)) {
    throw new EpError(DatabaseErrorCode.badUrl, `${shownUrl(url)} is not a postgres:// database URL.`, {
      exitCode: ExitCode.usage,
      details: { url: shownUrl(url) },
      suggestion: 'Give a URL such as postgres://user@host:5432/database in EP_DATABASE_URL or the plugin\'s "url" option.',
    });
  }
  return url;
}
