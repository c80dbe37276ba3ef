import { PackageStore, type LoadOptions, type PackageChange, type SaveOptions } from '../storage/package-store-contract.js';
import { withRuntime, type RuntimeOptions } from '../runtime/runtime.js';
import type { ScenarioList } from '../records/scenario-list.js';

/** `.ep` packages through the kernel's package store (the `builtin/storage-ep` plugin unless configured otherwise). */
export async function loadPackage(path: string, options: LoadOptions = {}, runtime: RuntimeOptions = {}) {
  return withRuntime(runtime, async (rt) => rt.get(PackageStore).load(path, options));
}

export async function updatePackage(path: string, change: PackageChange, options: SaveOptions = {}, runtime: RuntimeOptions = {}) {
  return withRuntime(runtime, async (rt) => rt.get(PackageStore).update(path, change, options));
}

export async function packageHistory(path: string, options: { ref?: string } = {}, runtime: RuntimeOptions = {}) {
  return withRuntime(runtime, async (rt) => rt.get(PackageStore).log(path, options));
}

export async function diffPackage(path: string, from: string, to = 'HEAD', runtime: RuntimeOptions = {}) {
  return withRuntime(runtime, async (rt) => rt.get(PackageStore).diff(path, from, to));
}

export async function pushPackage(path: string, remote: string, runtime: RuntimeOptions = {}) {
  return withRuntime(runtime, async (rt) => rt.get(PackageStore).push(path, remote));
}

export async function pullPackage(path: string, remote: string, options: { branch?: string } = {}, runtime: RuntimeOptions = {}) {
  return withRuntime(runtime, async (rt) => rt.get(PackageStore).pull(path, remote, options));
}

export async function savePackage(path: string, list: ScenarioList, options: SaveOptions = {}, runtime: RuntimeOptions = {}) {
  return withRuntime(runtime, async (rt) => rt.get(PackageStore).save(path, list, options));
}
