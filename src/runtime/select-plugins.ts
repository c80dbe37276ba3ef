import type { EpPlugin, PluginSource } from '../kernel/plugin.js';
import { PluginErrorCode, pluginError } from '../kernel/plugin-errors.js';
import { importPlugin, type PluginRequest } from '../kernel/loading/import-plugin.js';
import type { ProjectConfig } from '../kernel/loading/project-config.js';
import { tokenName } from '../kernel/token.js';
import { BUILTIN_PLUGINS } from '../plugins/builtin-catalog.js';
import { EP_VERSION } from '../version.js';

export interface PluginSelection {
  readonly config: ProjectConfig;
  /** `--plugin` flags, resolved from the working directory. */
  readonly flagModules: readonly string[];
  /** Plugin objects passed by library callers. */
  readonly inline: readonly EpPlugin[];
  readonly cwd: string;
}

/**
 * Decides which plugins make up a runtime: the default built-ins, minus those disabled, plus config and
 * flag plugins; then applies explicit provider choices (`"providers": {"ep.SearchEngine": "..."}`), which
 * may enable a non-default built-in and drop the built-ins it replaces.
 */
export async function selectPlugins(selection: PluginSelection): Promise<PluginSource[]> {
  const { config } = selection;
  const chosen = new Set(Object.values(config.providers));
  const builtins: PluginSource[] = BUILTIN_PLUGINS
    .filter((entry) => !config.disable.includes(entry.id) && (entry.enabledByDefault || chosen.has(entry.id)))
    .map((entry) => ({ plugin: entry.factory(config.options[entry.id] ?? {}), origin: 'builtin' }));

  const requests: PluginRequest[] = [
    ...config.plugins.map((entry) => ({ ...entry, origin: 'config' as const, baseDir: config.projectDir })),
    ...selection.flagModules.map((module) => ({ module, origin: 'flag' as const, baseDir: selection.cwd })),
  ];
  const external: PluginSource[] = [];
  for (const request of requests) external.push(await importPlugin(request, EP_VERSION));
  const inline: PluginSource[] = selection.inline.map((plugin) => ({ plugin, origin: 'api' }));
  return applyProviderChoices([...builtins, ...external, ...inline], config.providers);
}

function applyProviderChoices(sources: PluginSource[], providers: Readonly<Record<string, string>>): PluginSource[] {
  let result = sources;
  for (const [service, pluginId] of Object.entries(providers)) {
    const winner = result.find((source) => source.plugin.id === pluginId);
    if (!winner) {
      throw pluginError(PluginErrorCode.unknownProvider,
        `The ep config chooses ${pluginId} to provide ${service}, but no plugin with that id is loaded.`,
        { service, plugin: pluginId }, { suggestion: 'Add the plugin under "plugins", or fix the id.' });
    }
    if (!(winner.plugin.provides ?? []).some((token) => tokenName(token) === service)) {
      throw pluginError(PluginErrorCode.unknownProvider,
        `The ep config chooses ${pluginId} to provide ${service}, but ${pluginId} does not provide it.`,
        { service, plugin: pluginId });
    }
    // Built-ins that provide the same service step aside; other plugins still conflict, and say so.
    result = result.filter((source) => source === winner || source.origin !== 'builtin'
      || !(source.plugin.provides ?? []).some((token) => tokenName(token) === service));
  }
  return result;
}
