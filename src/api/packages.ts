import { PackageStore, type LoadOptions, type PackageChange, type SaveOptions } from '../storage/package-store-contract.js';
import { splitRuntimeOptions, type RuntimeOptions } from '../runtime/plan-runtime.js';
import { withRuntime } from '../runtime/runtime.js';
import type { ScenarioList } from '../records/scenario-list.js';
import { diffRecord } from '../records/record-diff.js';

/**
 * `.ep` packages through the kernel's package store (the `builtin/storage-ep` plugin unless configured
 * otherwise). Each takes the package path first, then its operation's own options with the runtime's.
 */
export async function loadPackage(path: string, options: LoadOptions & RuntimeOptions = {}) {
  const [runtime, load] = splitRuntimeOptions(options);
  return withRuntime(runtime, async (rt) => rt.get(PackageStore).load(path, load), [PackageStore]);
}

export async function savePackage(path: string, list: ScenarioList, options: SaveOptions & RuntimeOptions = {}) {
  const [runtime, save] = splitRuntimeOptions(options);
  return withRuntime(runtime, async (rt) => rt.get(PackageStore).save(path, list, save), [PackageStore]);
}

export async function updatePackage(path: string, change: PackageChange, options: SaveOptions & RuntimeOptions = {}) {
  const [runtime, save] = splitRuntimeOptions(options);
  return withRuntime(runtime, async (rt) => rt.get(PackageStore).update(path, change, save), [PackageStore]);
}

export async function packageHistory(path: string, options: { ref?: string } & RuntimeOptions = {}) {
  const [runtime, log] = splitRuntimeOptions(options);
  return withRuntime(runtime, async (rt) => rt.get(PackageStore).log(path, log), [PackageStore]);
}

export async function diffPackage(path: string, from: string, to = 'HEAD', options: RuntimeOptions = {}) {
  return withRuntime(options, async (rt) => rt.get(PackageStore).diff(path, from, to), [PackageStore]);
}

export async function pushPackage(path: string, remote: string, options: RuntimeOptions = {}) {
  return withRuntime(options, async (rt) => rt.get(PackageStore).push(path, remote), [PackageStore]);
}

export async function pullPackage(path: string, remote: string, options: { branch?: string } & RuntimeOptions = {}) {
  const [runtime, pull] = splitRuntimeOptions(options);
  return withRuntime(runtime, async (rt) => rt.get(PackageStore).pull(path, remote, pull), [PackageStore]);
}

/** The record with `key` as it was at `from` and at `to` (default HEAD), field by field. */
export async function diffPackageRecord(path: string, key: string, from: string, to = 'HEAD', options: RuntimeOptions = {}) {
  return withRuntime(
    options,
    async (rt) => {
      const store = rt.get(PackageStore);
      const [before, after] = await Promise.all([store.load(path, { ref: from }), store.load(path, { ref: to })]);
      return diffRecord(key, from, to, before.list.lookup('key', key) ?? null, after.list.lookup('key', key) ?? null);
    },
    [PackageStore],
  );
}
