import type { EpPlugin, PluginSource } from '../kernel/plugin.js';
import { PluginErrorCode, pluginError } from '../kernel/plugin-errors.js';
import { importPlugin, type PluginRequest } from './loading/import-plugin.js';
import type { ProjectConfig } from './loading/project-config.js';
import { tokenName } from '../kernel/token.js';
import { BUILTIN_PLUGINS } from '../plugins/builtin-catalog.js';
import { closestName } from '../util/closest-name.js';
import { checkConfigNames } from './loading/config-names.js';
import { checkPluginOptions } from './loading/plugin-options.js';
import { EP_VERSION } from '../version.js';

export interface PluginSelection {
  readonly config: ProjectConfig;
  /** `--plugin` flags, resolved from the working directory. */
  readonly flagModules: readonly string[];
  /** Plugin objects passed by library callers. */
  readonly inline: readonly EpPlugin[];
  readonly cwd: string;
  /**
   * Called before any module the config names is imported, with every plugin chosen without the config's
   * say (built-ins, flags, inline): where a config the user has not trusted is refused.
   */
  readonly admitConfig?: (chosen: readonly EpPlugin[]) => Promise<void>;
}

/**
 * Decides which plugins make up a runtime: the default built-ins, minus those disabled, plus config and
 * flag plugins; then applies explicit provider choices (`"providers": {"ep.SearchEngine": "..."}`), which
 * may enable a non-default built-in and drop the built-ins it replaces.
 */
export async function selectPlugins(selection: PluginSelection): Promise<PluginSource[]> {
  const { config } = selection;
  const builtins = builtinSources(config);
  const flagged = await importAll(selection.flagModules.map((module) => ({ module, origin: 'flag' as const, baseDir: selection.cwd })));
  const inline: PluginSource[] = selection.inline.map((plugin) => ({ plugin, origin: 'api' }));
  await selection.admitConfig?.([...builtins, ...flagged, ...inline].map((source) => source.plugin));
  const configOptions = config.options;
  const flaggedWithOptions = await reapplyConfigOptions(flagged, selection, configOptions);
  const configured = await importAll(
    config.plugins.map((entry, index) => ({
      ...entry,
      configOptions,
      entry: `plugins[${index}]`,
      origin: 'config' as const,
      baseDir: config.projectDir,
    })),
  );
  const sources = [...builtins, ...configured, ...flaggedWithOptions, ...inline];
  checkConfigNames(config, sources);
  return applyProviderChoices(sources, config.providers);
}

/** Flag plugins were imported before the config was admitted; those the config has options for are made again with them. */
async function reapplyConfigOptions(
  flagged: PluginSource[],
  selection: PluginSelection,
  configOptions: ProjectConfig['options'],
): Promise<PluginSource[]> {
  if (!flagged.some((source) => configOptions[source.plugin.id])) return flagged;
  return importAll(selection.flagModules.map((module) => ({ module, configOptions, origin: 'flag' as const, baseDir: selection.cwd })));
}

/** The built-ins a config leaves in: the defaults minus those disabled, plus those it chooses as providers. */
export function builtinSources(config: ProjectConfig): PluginSource[] {
  const chosen = new Set(Object.values(config.providers));
  return BUILTIN_PLUGINS.filter((entry) => !config.disable.includes(entry.id) && (entry.enabledByDefault || chosen.has(entry.id))).map(
    (entry) => {
      const options = config.options[entry.id] ?? {};
      checkPluginOptions(entry.factory.declaration, options, `options[${JSON.stringify(entry.id)}]`);
      return { plugin: entry.factory(options), origin: 'builtin' };
    },
  );
}

async function importAll(requests: readonly PluginRequest[]): Promise<PluginSource[]> {
  const sources: PluginSource[] = [];
  for (const request of requests) sources.push(await importPlugin(request, EP_VERSION));
  return sources;
}

function applyProviderChoices(sources: PluginSource[], providers: Readonly<Record<string, string>>): PluginSource[] {
  let result = sources;
  for (const [service, pluginId] of Object.entries(providers)) {
    const winner = result.find((source) => source.plugin.id === pluginId);
    if (!winner) {
      throw pluginError(
        PluginErrorCode.unknownProvider,
        `The ep config chooses ${pluginId} to provide ${service}, but no plugin with that id is loaded.`,
        { service, plugin: pluginId },
        { suggestion: 'Add the plugin under "plugins", or fix the id.' },
      );
    }
    const provided = (winner.plugin.provides ?? []).map(tokenName);
    if (!provided.includes(service)) {
      const near = closestName(service, provided) ?? provided.find((name) => name === `ep.${service}`);
      throw pluginError(
        PluginErrorCode.unknownProvider,
        `The ep config chooses ${pluginId} to provide ${service}, but ${pluginId} does not provide it.`,
        { service, plugin: pluginId, provides: provided },
        near
          ? { suggestion: `Did you mean "providers": {"${near}": "${pluginId}"}? Service names are token names such as ep.SearchEngine.` }
          : {},
      );
    }
    // Built-ins that provide the same service step aside; other plugins still conflict, and say so.
    result = result.filter(
      (source) =>
        source === winner || source.origin !== 'builtin' || !(source.plugin.provides ?? []).some((token) => tokenName(token) === service),
    );
  }
  return result;
}
