import type { ScenarioContextOptions } from '../context/package/scenario-context.js';
import { ContextPacker } from '../context/package/context-packer.js';
import { PackageStore } from '../storage/package-store-contract.js';
import { SearchEngine } from '../search/search-engine.js';
import type { EpRuntime } from '../runtime/runtime.js';

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
