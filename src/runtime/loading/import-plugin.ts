import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PluginOrigin, PluginSource } from '../../kernel/plugin.js';
import { PluginErrorCode, pluginError } from '../../kernel/plugin-errors.js';
import { validatePlugin } from '../../kernel/plugin-validation.js';
import { EpError, errorMessage } from '../../kernel/errors.js';
import { checkPluginOptions, readDeclaration } from './plugin-options.js';
import { readJsonFileSync } from '../../limits/json-text.js';

export interface PluginRequest {
  /** A package name, or a path (relative to `baseDir`) to a module or a package directory. */
  readonly module: string;
  /** Options given with the module entry (`plugins[i].options`). */
  readonly options?: Record<string, unknown>;
  /** The config's `options` map (plugin id → options), merged under the entry's own options. */
  readonly configOptions?: Readonly<Record<string, Record<string, unknown>>>;
  /** Where the entry sits in the config, for errors (`plugins[0]`); absent for a flag. */
  readonly entry?: string;
  readonly origin: PluginOrigin;
  /** Where relative paths and package names are resolved from (the config file's project, or the cwd). */
  readonly baseDir: string;
}

/** Imports a third-party plugin module, calls its factory with the options and validates the result. */
export async function importPlugin(request: PluginRequest, engineVersion: string): Promise<PluginSource> {
  const file = resolveModule(request.module, request.baseDir);
  // Node reads the module whole: a device or FIFO named as a plugin would never finish loading.
  if (statSync(file, { throwIfNoEntry: false })?.isFile() === false) {
    throw pluginError(PluginErrorCode.invalid, `Plugin module ${request.module} is not a regular file: ${file}.`, {
      module: request.module,
      file,
    });
  }
  let namespace: Record<string, unknown>;
  try {
    namespace = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (cause) {
    throw pluginError(
      PluginErrorCode.invalid,
      `Plugin module ${request.module} failed to load: ${errorMessage(cause)}`,
      { module: request.module, file },
      { cause },
    );
  }
  const exported = namespace.default ?? namespace.plugin ?? namespace.createPlugin;
  if (exported === undefined || (typeof exported !== 'function' && typeof exported !== 'object')) {
    throw pluginError(
      PluginErrorCode.noExport,
      `Plugin module ${request.module} has no plugin export (expected a default export, \`plugin\` or \`createPlugin\`).`,
      { module: request.module, file, exports: Object.keys(namespace) },
      { suggestion: 'Export a plugin factory: `export default function plugin(options) { return { id, version, engine, register } }`.' },
    );
  }
  if (typeof exported !== 'function') return accept(exported, request, engineVersion);
  const factory = exported as (options?: unknown) => unknown;
  const declaration = readDeclaration(factory, request.module);
  if (declaration) {
    const options = optionsFor(declaration.id, request);
    checkPluginOptions(declaration, options, optionsWhere(declaration.id, request));
    const plugin = accept(callFactory(factory, options, request), request, engineVersion);
    if (plugin.plugin.id !== declaration.id) {
      throw pluginError(
        PluginErrorCode.invalid,
        `Plugin module ${request.module} declares ${declaration.id} but its factory made ${plugin.plugin.id}.`,
        { module: request.module, plugin: plugin.plugin.id },
      );
    }
    return plugin;
  }
  // Without a declaration the id is known only once the factory ran: it runs again when the config has options for it.
  const first = accept(callFactory(factory, request.options ?? {}, request), request, engineVersion);
  if (!request.configOptions?.[first.plugin.id]) return first;
  return accept(callFactory(factory, optionsFor(first.plugin.id, request), request), request, engineVersion);
}

function optionsFor(id: string, request: PluginRequest): Record<string, unknown> {
  return { ...request.configOptions?.[id], ...request.options };
}

function optionsWhere(id: string, request: PluginRequest): string {
  if (request.options && Object.keys(request.options).length > 0 && request.entry) return `${request.entry}.options`;
  return `options[${JSON.stringify(id)}]`;
}

function callFactory(factory: (options?: unknown) => unknown, options: Record<string, unknown>, request: PluginRequest): unknown {
  try {
    return factory(options);
  } catch (cause) {
    if (cause instanceof EpError) throw cause;
    throw pluginError(
      PluginErrorCode.invalid,
      `Plugin factory in ${request.module} threw: ${errorMessage(cause)}`,
      { module: request.module },
      { cause },
    );
  }
}

function accept(candidate: unknown, request: PluginRequest, engineVersion: string): PluginSource {
  return { plugin: validatePlugin(candidate, request.module, engineVersion), origin: request.origin, module: request.module };
}

function resolveModule(specifier: string, baseDir: string): string {
  const isPath = specifier.startsWith('.') || path.isAbsolute(specifier);
  const notFound = () =>
    pluginError(
      PluginErrorCode.moduleNotFound,
      `Plugin module ${specifier} was not found${isPath ? '' : ` from ${baseDir}`}.`,
      { module: specifier, baseDir },
      { suggestion: isPath ? 'Check the path in the ep config or the --plugin flag.' : `Install it: npm install ${specifier}` },
    );

  if (isPath) {
    const target = path.resolve(baseDir, specifier);
    if (!existsSync(target)) throw notFound();
    return statSync(target).isDirectory() ? (packageEntry(target) ?? throwIt(notFound())) : target;
  }
  try {
    return createRequire(path.join(baseDir, 'noop.js')).resolve(specifier);
  } catch {
    // ESM-only packages export no `require` condition; find the package directory ourselves.
    for (let dir = path.resolve(baseDir); ; dir = path.dirname(dir)) {
      const candidate = path.join(dir, 'node_modules', specifier);
      if (existsSync(path.join(candidate, 'package.json'))) return packageEntry(candidate) ?? throwIt(notFound());
      if (path.dirname(dir) === dir) throw notFound();
    }
  }
}

function packageEntry(dir: string): string | undefined {
  const manifestPath = path.join(dir, 'package.json');
  if (!existsSync(manifestPath)) return existsSync(path.join(dir, 'index.js')) ? path.join(dir, 'index.js') : undefined;
  const manifest = readJsonFileSync(manifestPath, `The plugin manifest ${manifestPath}`) as { exports?: unknown; main?: string };
  const entry = exportTarget(manifest.exports) ?? manifest.main ?? 'index.js';
  const file = path.resolve(dir, entry);
  return existsSync(file) ? file : undefined;
}

function exportTarget(exports: unknown): string | undefined {
  if (typeof exports === 'string') return exports;
  if (exports === null || typeof exports !== 'object') return undefined;
  const map = exports as Record<string, unknown>;
  const root = '.' in map ? map['.'] : map;
  if (typeof root === 'string') return root;
  if (root && typeof root === 'object') {
    for (const condition of ['import', 'node', 'default']) {
      const target = exportTarget((root as Record<string, unknown>)[condition]);
      if (target) return target;
    }
  }
  return undefined;
}

function throwIt(error: Error): never {
  throw error;
}
