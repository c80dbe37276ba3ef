import type { PluginSource } from '../../kernel/plugin.js';
import { PluginErrorCode, pluginError } from '../../kernel/plugin-errors.js';
import { BUILTIN_PLUGINS } from '../../plugins/builtin-catalog.js';
import { closestName } from '../../util/closest-name.js';
import type { ProjectConfig } from './project-config.js';

/**
 * A plugin id the config names but no plugin has is a typo that would otherwise be ignored: options that
 * reach nothing, a built-in left on that was meant to be off. Options may name any built-in (loaded or not)
 * or any loaded plugin; `disable` names built-ins only (a config plugin is removed from `plugins` instead).
 */
export function checkConfigNames(config: ProjectConfig, sources: readonly PluginSource[]): void {
  const builtinIds = BUILTIN_PLUGINS.map((entry) => entry.id);
  const known = new Set([...builtinIds, ...sources.map((source) => source.plugin.id)]);
  for (const id of Object.keys(config.options)) {
    if (!known.has(id)) throw unknownId(config, `options[${JSON.stringify(id)}]`, id, known);
  }
  config.disable.forEach((id, index) => {
    if (!builtinIds.includes(id)) throw unknownId(config, `disable[${index}]`, id, new Set(builtinIds));
  });
}

function unknownId(config: ProjectConfig, path: string, id: string, known: ReadonlySet<string>) {
  const near = closestName(id, known);
  const where = path.startsWith('disable') ? 'built in' : 'loaded or built in';
  return pluginError(
    PluginErrorCode.configInvalid,
    `The ep config ${config.path ?? ''} names plugin ${id} at ${path}, but no such plugin is ${where}.`,
    { configPath: config.path, path, plugin: id },
    { suggestion: near ? `Did you mean ${near}?` : 'Check the id against `ep plugins list`.' },
  );
}
