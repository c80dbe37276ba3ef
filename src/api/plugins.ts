import { RuntimeSettings } from '../kernel/runtime-settings.js';
import { describePlugins, type PluginDescription } from '../runtime/describe-plugins.js';
import { resolvePluginGraph } from '../kernel/plugin-graph.js';
import { planRuntime, type RuntimeOptions } from '../runtime/plan-runtime.js';

export interface PluginListing {
  readonly configPath: string | null;
  readonly plugins: PluginDescription[];
}

/** The plugins a runtime would start, in start order, checked but not started. */
export async function listPlugins(options: RuntimeOptions = {}): Promise<PluginListing> {
  const { sources, config } = await planRuntime(options);
  // RuntimeSettings is bound by the host when a runtime starts, so it counts as provided here too.
  const { ordered } = resolvePluginGraph(sources, new Set([RuntimeSettings]));
  return { configPath: config.path ?? null, plugins: describePlugins(ordered) };
}
