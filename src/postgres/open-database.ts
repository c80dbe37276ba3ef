import { EpError, ExitCode } from '../kernel/errors.js';
import { Database } from './database.js';
import { DatabaseErrorCode } from './database-errors.js';

export interface DatabaseChoice {
  readonly url?: string;
  readonly migrate?: boolean;
  readonly maxConnections?: number;
}

/** The database a plugin's options name, else `EP_DATABASE_URL`; an error naming both when neither does. */
export function openDatabase(choice: DatabaseChoice, env: Readonly<Record<string, string | undefined>>): Database {
  const url = choice.url ?? env.EP_DATABASE_URL?.trim();
  if (!url) {
    throw new EpError(
      DatabaseErrorCode.badUrl,
      'No PostgreSQL database is named: EP_DATABASE_URL is not set and the plugin has no "url" option.',
      {
        exitCode: ExitCode.usage,
        suggestion: 'Set EP_DATABASE_URL=postgres://user@host:5432/database.',
      },
    );
  }
  return new Database({
    url,
    ...(choice.migrate !== undefined ? { migrate: choice.migrate } : {}),
    ...(choice.maxConnections !== undefined ? { maxConnections: choice.maxConnections } : {}),
  });
}
