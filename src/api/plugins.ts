import { RuntimeSettings } from '../kernel/runtime-settings.js';
import { describePlugins, type PluginDescription } from '../runtime/describe-plugins.js';
import { resolvePluginGraph } from '../kernel/plugin-graph.js';
import { planRuntime, type RuntimeOptions } from '../runtime/plan-runtime.js';
import type { ScaffoldRequest, ScaffoldResult } from '../scaffold/plugin-scaffold.js';
import { EP_VERSION } from '../version.js';

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

/** A new plugin package (`ep plugins new`): sources, a test running the conformance kit, a README; nothing installed. */
export async function newPlugin(request: ScaffoldRequest): Promise<ScaffoldResult> {
  const { scaffoldPlugin } = await import('../scaffold/plugin-scaffold.js');
  return scaffoldPlugin(request, EP_VERSION);
}
