import path from 'node:path';
import { decodeJsonBytes, parseJsonText, readBoundedFileSync } from '../../limits/json-text.js';
import { EpError } from '../../kernel/errors.js';
import { findUp } from '../../util/find-up.js';
import { sha256Hex } from '../../util/lazy-crypto.js';
import { PluginErrorCode, pluginError } from '../../kernel/plugin-errors.js';

/** The project-local ep config, found like `.edsl/context.json`: the nearest ancestor. */
export const PROJECT_CONFIG_PATH = path.join('.edsl', 'ep.json');

export interface PluginEntry {
  readonly module: string;
  readonly options?: Record<string, unknown>;
}

export interface ProjectConfig {
  /** Absolute path of the file, or undefined when no project config exists. */
  readonly path?: string;
  /** SHA-256 (hex) of the bytes the config was parsed from: what trusting a config records. */
  readonly sha256?: string;
  /** The directory holding `.edsl/` (relative module paths resolve from here). */
  readonly projectDir: string;
  readonly plugins: readonly PluginEntry[];
  /** Built-in plugin ids to leave out. */
  readonly disable: readonly string[];
  /** Service name (`ep.SearchEngine`) → id of the plugin that provides it. */
  readonly providers: Readonly<Record<string, string>>;
  /** Plugin id → options passed to its factory (for built-ins and third-party plugins alike). */
  readonly options: Readonly<Record<string, Record<string, unknown>>>;
  /** `ep mcp` settings: `allowWrites` serves writing tools without the flag. */
  readonly mcp: { readonly allowWrites?: boolean };
}

export function loadProjectConfig(cwd: string): ProjectConfig {
  const file = findUp(PROJECT_CONFIG_PATH, cwd);
  if (!file) return { projectDir: cwd, plugins: [], disable: [], providers: {}, options: {}, mcp: {} };
  return readProjectConfig(file);
}

/** Reads and checks one config file (`<project>/.edsl/ep.json`). */
export function readProjectConfig(file: string): ProjectConfig {
  const invalid = (problem: string) =>
    pluginError(PluginErrorCode.configInvalid, `The ep config ${file} is invalid: ${problem}.`, { configPath: file });
  let raw: unknown;
  let sha256: string;
  try {
    // The digest is of the very bytes parsed, so a config changed after it was read cannot pass as trusted.
    const bytes = readBoundedFileSync(file, 'The ep config');
    sha256 = configDigest(bytes);
    raw = parseJsonText(decodeJsonBytes(bytes, 'The ep config'), 'The ep config');
  } catch (cause) {
    if (cause instanceof EpError) throw cause;
    throw invalid(cause instanceof Error ? cause.message : String(cause));
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw invalid('the top level must be an object');
  const config = raw as Record<string, unknown>;
  const plugins = asArray(config.plugins, 'plugins', invalid).map((entry, index): PluginEntry => {
    if (typeof entry === 'string') return { module: entry };
    if (entry && typeof entry === 'object' && typeof (entry as PluginEntry).module === 'string') {
      const options = (entry as PluginEntry).options;
      if (options !== undefined && (typeof options !== 'object' || options === null || Array.isArray(options))) {
        throw invalid(`plugins[${index}].options must be an object`);
      }
      return { module: (entry as PluginEntry).module, ...(options ? { options } : {}) };
    }
    throw invalid(`plugins[${index}] must be a module name or {"module": ..., "options": {...}}`);
  });
  const disable = asArray(config.disable, 'disable', invalid).map((id, index) => {
    if (typeof id !== 'string') throw invalid(`disable[${index}] must be a plugin id`);
    return id;
  });
  return {
    path: file,
    sha256,
    projectDir: path.dirname(path.dirname(file)),
    plugins,
    disable,
    providers: asStringMap(config.providers, 'providers', invalid),
    options: asObjectMap(config.options, 'options', invalid),
    mcp: mcpSettings(config.mcp, invalid),
  };
}

/** SHA-256 (hex) of a config's bytes, as trust records keep it. */
export function configDigest(bytes: Uint8Array): string {
  return sha256Hex(bytes);
}

function asArray(value: unknown, name: string, invalid: (p: string) => Error): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw invalid(`${name} must be an array`);
  return value;
}

function asStringMap(value: unknown, name: string, invalid: (p: string) => Error): Record<string, string> {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalid(`${name} must be an object`);
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== 'string') throw invalid(`${name}.${key} must be a plugin id`);
  }
  return value as Record<string, string>;
}

function asObjectMap(value: unknown, name: string, invalid: (p: string) => Error): Record<string, Record<string, unknown>> {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalid(`${name} must be an object`);
  for (const [key, entry] of Object.entries(value)) {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) throw invalid(`${name}.${key} must be an object`);
  }
  return value as Record<string, Record<string, unknown>>;
}

function mcpSettings(value: unknown, invalid: (p: string) => Error): { allowWrites?: boolean } {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalid('mcp must be an object');
  const { allowWrites } = value as { allowWrites?: unknown };
  if (allowWrites !== undefined && typeof allowWrites !== 'boolean') throw invalid('mcp.allowWrites must be true or false');
  return allowWrites === undefined ? {} : { allowWrites };
}
