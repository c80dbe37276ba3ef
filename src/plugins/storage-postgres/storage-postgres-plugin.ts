import { definePlugin } from '../../kernel/plugin.js';
import { RuntimeSettings } from '../../kernel/runtime-settings.js';
import { PackageStore } from '../../storage/package-store-contract.js';
import { EP_VERSION } from '../../version.js';

export interface StoragePostgresOptions {
  /** The database (`postgres://user@host:5432/db`); `EP_DATABASE_URL` when absent. */
  readonly url?: string;
  /** Apply missing schema steps on first use (default true). */
  readonly migrate?: boolean;
}

/**
 * Context records in PostgreSQL behind the package store contract: every save a version with its message
 * and time, updates under a row lock in one transaction. Chosen with
 * `"providers": {"ep.PackageStore": "builtin/storage-postgres"}`; `pg` is imported only when it registers.
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
      const [{ PostgresPackageStore }, { openDatabase }] = await Promise.all([
        import('../../storage/postgres-package-store.js'),
        import('../../postgres/open-database.js'),
      ]);
      registry.registerFactory(PackageStore, (services) => {
        const database = openDatabase(options, services.get(RuntimeSettings).env);
        close = () => database.close();
        return new PostgresPackageStore(database);
      });
    },
    async shutdown() {
      await close?.();
    },
  };
});
