import { createToken } from '../kernel/token.js';
import type { MigrationReport } from './database.js';

/** The schema of the PostgreSQL database the PostgreSQL plugins use, for `ep db migrate`. */
export interface DatabaseSchema {
  /** Applies the schema steps the database lacks (none when it is up to date). */
  migrate(): Promise<MigrationReport>;
}

/** The PostgreSQL schema behind `ep db migrate`; present only when a PostgreSQL plugin is loaded. */
export const DatabaseSchema = createToken<DatabaseSchema>('ep.DatabaseSchema');
