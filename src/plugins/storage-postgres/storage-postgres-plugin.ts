import { definePlugin } from '../../kernel/plugin.js';
import { RuntimeSettings } from '../../kernel/runtime-settings.js';
import { PackageStore } from '../../storage/package-store-contract.js';
import type { GitPackageStoreOptions } from '../../storage/git-package-store.js';
import { EP_VERSION } from '../../version.js';

export interface StoragePostgresOptions extends GitPackageStoreOptions {
  /** The database (`postgres://user@host:5432/db`); `EP_DATABASE_URL` when absent. */
  readonly url?: string;
  /** Apply missing schema steps on first use (default true). */
  readonly migrate?: boolean;
}

/**
 * Context records in PostgreSQL behind the package store contract: every save a version with its message
 * and time, updates under a row lock in one transaction. A context named `postgres:///<name>` (or
 * `postgres://host/db/<name>`) lives in the database; every other path is an `.ep` package, kept by the same
 * store `builtin/storage-ep` uses (the `.ep` options apply to it). Chosen when `EP_DATABASE_URL` is set, or
 * with `"providers": {"ep.PackageStore": "builtin/storage-postgres"}`; `pg` is imported only when it registers.
 */
export const storagePostgresPlugin = definePlugin<StoragePostgresOptions>((options = {}) => {
  let close: (() => Promise<void>) | undefined;
  return {
    id: 'builtin/storage-postgres',
    version: EP_VERSION,
    engine: `^${EP_VERSION}`,
    description: 'Context records in PostgreSQL: versioned saves, row-locked updates, shared by every machine.',
    provides: [PackageStore],
    requires: [RuntimeSettings],
    // A repository's config pointing the user's context records at a database takes effect only once trusted.
    codeOptions: ['url'],
    async register(registry) {
      const [{ PostgresPackageStore, isContextUrl }, { openDatabase }, { GitPackageStore }, { routingPackageStore }] = await Promise.all([
        import('../../storage/postgres-package-store.js'),
        import('../../postgres/open-database.js'),
        import('../../storage/git-package-store.js'),
        import('../../storage/routing-package-store.js'),
      ]);
      const { url, migrate, ...fileOptions } = options;
      registry.registerFactory(PackageStore, (services) => {
        const env = services.get(RuntimeSettings).env;
        let database: ReturnType<typeof openDatabase> | undefined;
        const opened = () => {
          database ??= openDatabase({ ...(url !== undefined ? { url } : {}), ...(migrate !== undefined ? { migrate } : {}) }, env);
          close = () => database!.close();
          return database;
        };
        return routingPackageStore({
          files: new GitPackageStore(fileOptions),
          database: new PostgresPackageStore(opened),
          isDatabase: isContextUrl,
        });
      });
    },
    async shutdown() {
      await close?.();
    },
  };
});
