import type { PluginSource } from './plugin.js';
import type { AnyServiceToken } from './token.js';

/**
 * The plugins, in start order, that a kernel serving only `needs` starts: every provider of a needed service
 * (all contributors of a multi service), every plugin `alwaysStarts` keeps, and, for each plugin taken, the
 * providers of what it `requires` or uses when `optional`. A plugin reads only the services it declares (its
 * accessor is scoped), so this closure holds everything the started plugins can reach. The rest of the graph
 * is still checked (see resolvePluginGraph), only not started: a command that reads records does not load
 * the code context, the model runtimes or the session store.
 */
export function demandedPlugins(
  ordered: readonly PluginSource[],
  needs: readonly AnyServiceToken[],
  alwaysStarts: (source: PluginSource) => boolean,
): PluginSource[] {
  const providersOf = (token: symbol) => ordered.filter(({ plugin }) => plugin.provides?.includes(token));
  const taken = new Set<PluginSource>();
  const pending: PluginSource[] = [];
  const take = (source: PluginSource) => {
    if (taken.has(source)) return;
    taken.add(source);
    pending.push(source);
  };
  for (const token of needs) providersOf(token).forEach(take);
  ordered.filter(alwaysStarts).forEach(take);
  for (let source = pending.pop(); source; source = pending.pop()) {
    for (const token of [...(source.plugin.requires ?? []), ...(source.plugin.optional ?? [])]) providersOf(token).forEach(take);
  }
  return ordered.filter((source) => taken.has(source));
}
