import { definePlugin } from '../../kernel/plugin.js';
import { PackageStore } from '../../storage/package-store-contract.js';
import type { GitPackageStoreOptions } from '../../storage/git-package-store.js';
import { EP_VERSION } from '../../version.js';

/** The `.ep` package store. Options bound what an untrusted package may unpack and how long writers wait. */
export const storageEpPlugin = definePlugin<GitPackageStoreOptions>((options = {}) => ({
  id: 'builtin/storage-ep',
  version: EP_VERSION,
  engine: `^${EP_VERSION}`,
  description: "EDSL's git-backed .ep ScenarioList packages: byte-exact files, stable ids, history, remotes, locked atomic saves.",
  provides: [PackageStore],
  async register(registry) {
    const { GitPackageStore } = await import('../../storage/git-package-store.js');
    registry.registerValue(PackageStore, new GitPackageStore(options));
  },
}));
