import { EpError, ExitCode } from '../kernel/errors.js';
import { DatabaseSchema } from '../postgres/database-schema.js';
import type { MigrationReport } from '../postgres/database.js';
import { withRuntime, type RuntimeOptions } from '../runtime/runtime.js';

/** Brings the PostgreSQL schema up to date (`ep db migrate`); the database is the one the PostgreSQL plugins use. */
export async function migrateDatabase(options: RuntimeOptions = {}): Promise<MigrationReport> {
  return withRuntime(options, async (runtime) => {
    if (!runtime.has(DatabaseSchema)) {
      throw new EpError('DATABASE_NOT_CONFIGURED', 'No PostgreSQL plugin is loaded, so there is no database to migrate.', {
        exitCode: ExitCode.usage,
        suggestion: 'Set EP_DATABASE_URL=postgres://user@host:5432/database, or choose builtin/session-store-postgres in the ep config.',
      });
    }
    return runtime.get(DatabaseSchema).migrate();
  });
}
