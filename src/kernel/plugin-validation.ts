import { createRequire } from 'node:module';
import type { EpPlugin } from './plugin.js';
import { PluginErrorCode, pluginError } from './plugin-errors.js';

// Subpath modules keep start-up light: the full semver entry point loads every helper it has. semver is
// CommonJS, and `require` loads it in about half the time Node's ESM loader takes to translate its files. It is
// required when a plugin is first validated: built-in plugins are not, and every call loads this module (its id
// pattern), so `ep plugins list` without third-party plugins builds none of semver's regular expressions.
const require = createRequire(import.meta.url);
const semver = () => ({
  satisfies: require('semver/functions/satisfies.js') as typeof import('semver/functions/satisfies.js'),
  validVersion: require('semver/functions/valid.js') as typeof import('semver/functions/valid.js'),
  validRange: require('semver/ranges/valid.js') as typeof import('semver/ranges/valid.js'),
});

/** `namespace/name`, lower case: `builtin/context`, `acme/search-tantivy`. */
export const PLUGIN_ID_PATTERN = /^[a-z0-9][a-z0-9-]*\/[a-z0-9][a-z0-9._-]*$/;

/**
 * Checks the declared shape of a plugin before anything of it runs. `where` names the module it came
 * from, so the error points at the file to fix.
 */
export function validatePlugin(candidate: unknown, where: string, engineVersion: string): EpPlugin {
  const { satisfies, validVersion, validRange } = semver();
  const label = describeCandidate(candidate, where);
  const fail = (problem: string) =>
    pluginError(PluginErrorCode.invalid, `Plugin ${label} is invalid: ${problem}.`, { plugin: label, module: where });

  if (candidate === null || typeof candidate !== 'object') throw fail('a plugin must be an object');
  const plugin = candidate as Partial<EpPlugin>;
  if (typeof plugin.id !== 'string' || !PLUGIN_ID_PATTERN.test(plugin.id)) {
    throw fail(`id ${JSON.stringify(plugin.id)} is not a namespaced id like "acme/search-tantivy"`);
  }
  if (typeof plugin.version !== 'string' || validVersion(plugin.version) === null) {
    throw fail(`version ${JSON.stringify(plugin.version)} is not a semver version`);
  }
  if (typeof plugin.engine !== 'string' || validRange(plugin.engine) === null) {
    throw fail(`engine ${JSON.stringify(plugin.engine)} is not a semver range`);
  }
  if (typeof plugin.register !== 'function') throw fail('register must be a function');
  for (const hook of ['initialize', 'shutdown'] as const) {
    if (plugin[hook] !== undefined && typeof plugin[hook] !== 'function') throw fail(`${hook} must be a function`);
  }
  for (const list of ['provides', 'requires', 'optional'] as const) {
    const tokens = plugin[list];
    if (tokens === undefined) continue;
    if (!Array.isArray(tokens) || tokens.some((token) => typeof token !== 'symbol')) {
      throw fail(`${list} must be an array of service tokens (symbols)`);
    }
  }
  const { codeOptions } = plugin;
  if (codeOptions !== undefined && (!Array.isArray(codeOptions) || codeOptions.some((key) => typeof key !== 'string'))) {
    throw fail('codeOptions must be an array of option names (strings)');
  }
  if (!satisfies(engineVersion, plugin.engine, { includePrerelease: true })) {
    throw pluginError(
      PluginErrorCode.engineMismatch,
      `Plugin ${plugin.id} supports ep ${plugin.engine}, but this is ep ${engineVersion}.`,
      { plugin: plugin.id, engine: plugin.engine, epVersion: engineVersion, module: where },
      { suggestion: `Install a version of ${plugin.id} that supports ep ${engineVersion}.` },
    );
  }
  return plugin as EpPlugin;
}

function describeCandidate(candidate: unknown, where: string): string {
  const id = (candidate as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : `from ${where}`;
}
