import type { PluginSource } from '../kernel/plugin.js';
import { tokenName } from '../kernel/token.js';

export interface PluginDescription {
  readonly id: string;
  readonly version: string;
  readonly engine: string;
  readonly description?: string;
  readonly provides: string[];
  readonly requires: string[];
  readonly optional: string[];
  readonly origin: string;
  readonly module?: string;
}

export function describePlugins(sources: readonly PluginSource[]): PluginDescription[] {
  return sources.map(({ plugin, origin, module }) => ({
    id: plugin.id,
    version: plugin.version,
    engine: plugin.engine,
    ...(plugin.description ? { description: plugin.description } : {}),
    provides: (plugin.provides ?? []).map(tokenName),
    requires: (plugin.requires ?? []).map(tokenName),
    optional: (plugin.optional ?? []).map(tokenName),
    origin,
    ...(module ? { module } : {}),
  }));
}
