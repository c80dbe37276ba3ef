import type { ScenarioContextOptions } from '../context/scenario-context.js';
import { ContextPacker, PackageStore, SearchEngine } from '../kernel/tokens.js';
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
