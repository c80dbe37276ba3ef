import type { ScenarioContext, ScenarioContextOptions } from '../context/package/scenario-context.js';
import { ContextPacker } from '../context/package/context-packer.js';
import { ScenarioList } from '../records/scenario-list.js';
import type { Scenario } from '../records/scenario.js';
import { PackageStore, type SaveResult } from '../storage/package-store-contract.js';
import { SearchEngine } from '../search/search-engine.js';
import type { EpRuntime } from '../runtime/runtime.js';
import { runtimeOrDefault } from './default-runtime.js';

/**
 * The services a ScenarioContext should use inside a runtime: the configured package store, search engine
 * and context packer, so a plugin that replaces any of them is honoured.
 */
export function contextOptions(runtime: EpRuntime, options: ScenarioContextOptions = {}): ScenarioContextOptions {
  const { kernel } = runtime;
  return {
    ...options,
    ...(kernel.has(PackageStore) ? { store: kernel.get(PackageStore) } : {}),
    ...(kernel.has(SearchEngine) ? { engine: kernel.get(SearchEngine) } : {}),
    ...(kernel.has(ContextPacker) ? { packer: kernel.get(ContextPacker) } : {}),
  };
}

/** A ScenarioContext's own settings; its services come from `runtime` (the default runtime when absent). */
export interface ScenarioContextRuntimeOptions extends Omit<ScenarioContextOptions, 'store' | 'engine' | 'packer'> {
  readonly runtime?: EpRuntime;
}

/** Loads a package as a ScenarioContext (at `ref`, HEAD by default) with the runtime's services. */
export async function loadScenarioContext(
  path: string,
  options: ScenarioContextRuntimeOptions & { ref?: string } = {},
): Promise<ScenarioContext> {
  const { ScenarioContext } = await import('../context/package/scenario-context.js');
  const { runtime, ...settings } = options;
  return ScenarioContext.load(path, contextOptions(await runtimeOrDefault(runtime), settings));
}

/** `ScenarioContext.update` with the runtime's services: `change` applied to the latest content under the lock. */
export async function updateScenarioContext(
  path: string,
  change: (context: ScenarioContext) => void | Promise<void>,
  options: ScenarioContextRuntimeOptions & { message?: string } = {},
): Promise<SaveResult & { context: ScenarioContext }> {
  const { ScenarioContext } = await import('../context/package/scenario-context.js');
  const { runtime, ...settings } = options;
  return ScenarioContext.update(path, change, contextOptions(await runtimeOrDefault(runtime), settings));
}

/** A ScenarioContext over `records` (none by default) with the runtime's services; `save(path)` writes it. */
export async function newScenarioContext(
  records: ScenarioList | Iterable<Scenario> = [],
  options: ScenarioContextRuntimeOptions = {},
): Promise<ScenarioContext> {
  const { ScenarioContext } = await import('../context/package/scenario-context.js');
  const { runtime, ...settings } = options;
  const list = records instanceof ScenarioList ? records : new ScenarioList(records);
  return ScenarioContext.fromScenarioList(list, contextOptions(await runtimeOrDefault(runtime), settings));
}
