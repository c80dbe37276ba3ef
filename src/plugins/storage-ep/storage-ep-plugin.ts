import { definePlugin } from '../../kernel/plugin.js';
import { PackageStore } from '../../kernel/tokens.js';
import type { GitPackageStoreOptions } from '../../storage/git-package-store.js';
import type { PackageStoreContract } from '../../storage/package-store-contract.js';
import { EP_VERSION } from '../../version.js';

/** The `.ep` package store. Options bound what an untrusted package may unpack and how long writers wait. */
export const storageEpPlugin = definePlugin<GitPackageStoreOptions>((options = {}) => ({
  id: 'builtin/storage-ep',
  version: EP_VERSION,
  engine: `^${EP_VERSION}`,
  description: "EDSL's git-backed .ep ScenarioList packages: byte-exact files, stable ids, history, remotes, locked atomic saves.",
  provides: [PackageStore],
  async register(registry) {
    registry.registerValue(PackageStore, lazyStore(options));
  },
}));

/** The store's module graph (zip, git, JSON writers) loads on the first call, so commands that never touch a package skip it. */
function lazyStore(options: GitPackageStoreOptions): PackageStoreContract {
  let store: Promise<PackageStoreContract> | undefined;
  const real = () => (store ??= import('../../storage/git-package-store.js').then(({ GitPackageStore }) => new GitPackageStore(options)));
  return {
    load: async (...args) => (await real()).load(...args),
    save: async (...args) => (await real()).save(...args),
    update: async (...args) => (await real()).update(...args),
    log: async (...args) => (await real()).log(...args),
    diff: async (...args) => (await real()).diff(...args),
    push: async (...args) => (await real()).push(...args),
    pull: async (...args) => (await real()).pull(...args),
  };
}
