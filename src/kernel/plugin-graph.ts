import type { PluginSource } from './plugin.js';
import { PluginErrorCode, pluginError } from './plugin-errors.js';
import { tokenArity, tokenName } from './token.js';

export interface PluginGraph {
  /** Plugins in start order: every provider before the plugins that depend on it. */
  readonly ordered: readonly PluginSource[];
  /** For each single service, the plugin that provides it. */
  readonly providers: ReadonlyMap<symbol, string>;
}

/**
 * Checks the declared graph and orders it. Fails on a duplicate id, a second provider of a single service,
 * a missing dependency and a dependency cycle, each naming the plugins involved. Order is stable:
 * independent plugins keep the order they were listed in.
 */
export function resolvePluginGraph(sources: readonly PluginSource[], hostTokens: ReadonlySet<symbol> = new Set()): PluginGraph {
  const byId = new Map<string, PluginSource>();
  for (const source of sources) {
    const existing = byId.get(source.plugin.id);
    if (existing) {
      throw pluginError(
        PluginErrorCode.duplicateId,
        `Plugin ${source.plugin.id} is loaded twice (${where(existing)} and ${where(source)}).`,
        { plugin: source.plugin.id },
      );
    }
    byId.set(source.plugin.id, source);
  }

  const providers = new Map<symbol, string>();
  const multiProviders = new Map<symbol, string[]>();
  for (const { plugin } of sources) {
    for (const token of plugin.provides ?? []) {
      if (tokenArity(token) === 'multi') {
        multiProviders.set(token, [...(multiProviders.get(token) ?? []), plugin.id]);
        continue;
      }
      const other = providers.get(token);
      if (other !== undefined) {
        throw pluginError(
          PluginErrorCode.duplicateProvider,
          `Service ${tokenName(token)} is provided by both ${other} and ${plugin.id}; it takes one provider.`,
          { service: tokenName(token), plugins: [other, plugin.id] },
          { suggestion: `Choose one in the ep config: "providers": {"${tokenName(token)}": "${plugin.id}"}, or disable the other.` },
        );
      }
      providers.set(token, plugin.id);
    }
  }

  const dependenciesOf = (id: string): string[] => {
    const { plugin } = byId.get(id)!;
    const deps: string[] = [];
    for (const token of plugin.requires ?? []) {
      const found = providersOf(token);
      if (found.length === 0 && !hostTokens.has(token)) {
        throw pluginError(
          PluginErrorCode.missingDependency,
          `Plugin ${id} depends on service ${tokenName(token)}, which no loaded plugin provides.`,
          { plugin: id, service: tokenName(token) },
          { suggestion: `Load a plugin that provides ${tokenName(token)}, or remove ${id}.` },
        );
      }
      deps.push(...found);
    }
    for (const token of plugin.optional ?? []) deps.push(...providersOf(token));
    return deps.filter((dep) => dep !== id);
  };
  const providersOf = (token: symbol): string[] =>
    tokenArity(token) === 'multi' ? (multiProviders.get(token) ?? []) : providers.has(token) ? [providers.get(token)!] : [];

  const ordered: PluginSource[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (id: string, path: string[]) => {
    const current = state.get(id);
    if (current === 'done') return;
    if (current === 'visiting') {
      const cycle = [...path.slice(path.indexOf(id)), id];
      throw pluginError(PluginErrorCode.dependencyCycle, `Plugins depend on each other in a cycle: ${cycle.join(' -> ')}.`, { cycle });
    }
    state.set(id, 'visiting');
    for (const dep of dependenciesOf(id)) visit(dep, [...path, id]);
    state.set(id, 'done');
    ordered.push(byId.get(id)!);
  };
  for (const source of sources) visit(source.plugin.id, []);
  return { ordered, providers };
}

function where(source: PluginSource): string {
  return source.module ? `${source.origin} ${source.module}` : source.origin;
}
