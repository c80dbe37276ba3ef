import type { PackageStore } from './package-store-contract.js';

/**
 * One package store over two: paths `isDatabase` accepts go to `database`, every other path to `files`, so
 * choosing the database store leaves `.ep` packages working beside it (and lets a copy go from one to the other).
 */
export function routingPackageStore(options: {
  readonly files: PackageStore;
  readonly database: PackageStore;
  readonly isDatabase: (path: string) => boolean;
}): PackageStore {
  const pick = (path: string) => (options.isDatabase(path) ? options.database : options.files);
  return {
    load: (path, loadOptions) => pick(path).load(path, loadOptions),
    save: (path, list, saveOptions) => pick(path).save(path, list, saveOptions),
    update: (path, change, saveOptions) => pick(path).update(path, change, saveOptions),
    log: (path, logOptions) => pick(path).log(path, logOptions),
    diff: (path, from, to, diffOptions) => pick(path).diff(path, from, to, diffOptions),
    push: (path, remote) => pick(path).push(path, remote),
    tag: (path, name, tagOptions) => pick(path).tag(path, name, tagOptions),
    restore: (path, ref, saveOptions) => pick(path).restore(path, ref, saveOptions),
    pull: (path, remote, pullOptions) => pick(path).pull(path, remote, pullOptions),
    // Only a store that saves whole histories offers it, so callers can tell (a copy is refused before it starts).
    ...(options.files.saveHistory && options.database.saveHistory
      ? { saveHistory: (path, versions) => pick(path).saveHistory!(path, versions) }
      : {}),
  };
}
