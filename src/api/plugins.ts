import { describePlugins, type PluginDescription } from '../runtime/describe-plugins.js';
import { EpRuntime, type RuntimeOptions } from '../runtime/runtime.js';

export interface PluginListing {
  readonly configPath: string | null;
  readonly plugins: PluginDescription[];
}

/** The plugins a runtime would start, in start order, checked but not started. */
export async function listPlugins(options: RuntimeOptions = {}): Promise<PluginListing> {
  const { kernel, config } = await EpRuntime.plan(options);
  return { configPath: config.path ?? null, plugins: describePlugins(kernel.plugins) };
}
