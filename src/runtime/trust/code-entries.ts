import type { ProjectConfig } from '../loading/project-config.js';
import type { EpPlugin } from '../../kernel/plugin.js';
import { BUILTIN_PLUGINS } from '../../plugins/builtin-catalog.js';

/** One entry of a project config that loads or runs code, as `ep trust` and `CONFIG_NOT_TRUSTED` show it. */
export interface CodeEntry {
  /** Where it sits: `plugins[0]`, `providers["ep.SearchEngine"]`, `options["builtin/model-command"].command`. */
  readonly entry: string;
  /** What it names, as JSON (shortened past {@link VALUE_CHARS} characters). */
  readonly value: string;
}

/** The parts of a config that can name code. */
export type CodeBearingConfig = Pick<ProjectConfig, 'plugins' | 'providers' | 'options'>;

const VALUE_CHARS = 200;
const BUILTIN_IDS = new Set(BUILTIN_PLUGINS.map((entry) => entry.id));

/**
 * The entries of `config` that load or run code: every plugin module; every provider choice naming a plugin
 * that is not built in; and every option a plugin in `plugins` declares as naming code (`codeOptions`,
 * like `builtin/model-command`'s `command`). Everything else is plain data and needs no trust.
 */
export function codeEntries(config: CodeBearingConfig, plugins: readonly EpPlugin[]): CodeEntry[] {
  const entries: CodeEntry[] = config.plugins.map((plugin, index) => ({ entry: `plugins[${index}]`, value: shown(plugin.module) }));
  for (const [service, pluginId] of Object.entries(config.providers)) {
    if (!BUILTIN_IDS.has(pluginId)) entries.push({ entry: `providers${member(service)}`, value: shown(pluginId) });
  }
  const seen = new Set<string>();
  for (const plugin of plugins) {
    const options = config.options[plugin.id];
    if (!options || seen.has(plugin.id)) continue;
    seen.add(plugin.id);
    for (const key of plugin.codeOptions ?? []) {
      if (Object.hasOwn(options, key)) entries.push({ entry: `options${member(plugin.id)}${member(key)}`, value: shown(options[key]) });
    }
  }
  return entries;
}

function member(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}

function shown(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > VALUE_CHARS ? `${json.slice(0, VALUE_CHARS)}…` : json;
}
