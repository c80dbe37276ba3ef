import { definePlugin } from '../../kernel/plugin.js';
import { RuntimeSettings } from '../../kernel/runtime-settings.js';
import { SessionStore } from '../../sessions/store/session-store.js';
import { DatabaseSchema } from '../../postgres/database-schema.js';
import { EP_VERSION } from '../../version.js';

export interface PostgresSessionStoreOptions {
  /** The database (`postgres://user@host:5432/db`); `EP_DATABASE_URL` when absent. */
  readonly url?: string;
  /** Apply missing schema steps on first use (default true); false leaves that to `ep db migrate`. */
  readonly migrate?: boolean;
  /** Connections kept open at most (default 4). */
  readonly maxConnections?: number;
}

/**
 * Sessions shared by every process and machine that reaches one PostgreSQL database. Chosen when
 * `EP_DATABASE_URL` is set, or with `"providers": {"ep.SessionStore": "builtin/session-store-postgres"}`.
 * The `pg` client is imported only here, when this plugin registers.
 */
export const sessionStorePostgresPlugin = definePlugin<PostgresSessionStoreOptions>((options = {}) => {
  let close: (() => Promise<void>) | undefined;
  return {
    id: 'builtin/session-store-postgres',
    version: EP_VERSION,
    engine: `^${EP_VERSION}`,
    description: 'Session DAGs in PostgreSQL: rows numbered in commit order, one row per turn, shared across machines.',
    provides: [SessionStore, DatabaseSchema],
    requires: [RuntimeSettings],
    // A repository's config pointing the user's sessions at a database takes effect only once trusted.
    codeOptions: ['url'],
    async register(registry) {
      const [{ PostgresSessionStore }, { openDatabase }, { resolveEpHome }] = await Promise.all([
        import('../../sessions/store/postgres-session-store.js'),
        import('../../postgres/open-database.js'),
        import('../../sessions/store/session-paths.js'),
      ]);
      // One pool per runtime, opened on first use: the store and the schema share it.
      let database: ReturnType<typeof openDatabase> | undefined;
      let store: InstanceType<typeof PostgresSessionStore> | undefined;
      const opened = () => (database ??= openDatabase(options, registry.get(RuntimeSettings).env));
      registry.registerFactory(SessionStore, (services) => {
        store = new PostgresSessionStore({ database: opened, home: resolveEpHome(services.get(RuntimeSettings).env) });
        return store;
      });
      registry.registerFactory(DatabaseSchema, () => ({ migrate: () => opened().migrateNow() }));
      close = async () => {
        if (store) await store.close();
        else await database?.close();
      };
    },
    async shutdown() {
      await close?.();
    },
  };
});
