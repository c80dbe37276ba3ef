import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { configDigest, PROJECT_CONFIG_PATH, readProjectConfig } from '../runtime/loading/project-config.js';
import { readBoundedFileSync } from '../limits/json-text.js';
import { configNotFound } from '../runtime/trust/trust-errors.js';
import { LISTED_ENTRIES, type TrustRecord } from '../runtime/trust/trust-store.js';
import { findUp } from '../util/find-up.js';

export type { TrustRecord } from '../runtime/trust/trust-store.js';
export type { CodeEntry } from '../runtime/trust/code-entries.js';

export interface TrustOptions {
  /** Where a config is looked up from, and relative paths resolve from (default `process.cwd()`). */
  readonly cwd?: string;
  /** The environment naming `EP_HOME`, where trust is recorded (default `process.env`). */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export interface TrustedConfig extends TrustRecord {
  /** `trusted`: the file holds the trusted bytes; `changed`: it holds others, so it is not trusted; `missing`: it is gone. */
  readonly state: 'trusted' | 'changed' | 'missing';
}

/**
 * Trusts a project config as it is now: its plugins load and the commands it names run, until its bytes
 * change. `target` is the config file or a directory to look up from; default the nearest from `cwd`.
 * Returns what was recorded, the entries that load or run code included. An invalid config is refused.
 */
export async function trustConfig(target?: string, options: TrustOptions = {}): Promise<TrustRecord> {
  const { builtinSources, codeEntries, trustedPathOf, trustStoreFor } = await trustModules();
  const config = readProjectConfig(configFileFor(target, options.cwd ?? process.cwd()));
  const entries = codeEntries(
    config,
    builtinSources(config).map((source) => source.plugin),
  );
  const record: TrustRecord = {
    configPath: trustedPathOf(config),
    sha256: config.sha256!,
    trustedAt: new Date().toISOString(),
    codeEntries: entries.slice(0, LISTED_ENTRIES),
    codeEntryCount: entries.length,
  };
  await trustStoreFor(options.env ?? process.env).put(record);
  return record;
}

/** Every trusted config, with whether its file still holds the trusted bytes; `unreadable` counts broken records. */
export async function listTrustedConfigs(
  options: Pick<TrustOptions, 'env'> = {},
): Promise<{ configs: TrustedConfig[]; unreadable: number }> {
  const { trustStoreFor } = await trustModules();
  const { records, unreadable } = await trustStoreFor(options.env ?? process.env).list();
  return { configs: records.map((record) => ({ ...record, state: stateOf(record) })), unreadable };
}

/** Stops trusting a config (also one whose file is gone: name it as `--list` shows it). */
export async function revokeTrust(target?: string, options: TrustOptions = {}): Promise<{ configPath: string; revoked: boolean }> {
  const { trustedPathOf, trustStoreFor } = await trustModules();
  const cwd = options.cwd ?? process.cwd();
  const given = target === undefined ? undefined : path.resolve(cwd, target);
  const file = given !== undefined && !existsSync(given) && isConfigPath(given) ? given : configFileFor(target, cwd);
  const configPath = trustedPathOf({ projectDir: path.dirname(path.dirname(file)) });
  return { configPath, revoked: await trustStoreFor(options.env ?? process.env).remove(configPath) };
}

/**
 * The modules that decide and record trust, imported on first use: they know every built-in plugin, which
 * the package's entry point should not load for embedders that never trust a config from code.
 */
async function trustModules() {
  const [{ builtinSources }, { codeEntries }, { trustedPathOf, trustStoreFor }] = await Promise.all([
    import('../runtime/select-plugins.js'),
    import('../runtime/trust/code-entries.js'),
    import('../runtime/trust/config-trust.js'),
  ]);
  return { builtinSources, codeEntries, trustedPathOf, trustStoreFor };
}

/** The config file `target` names: the file itself, or the nearest config from a directory (default `cwd`). */
function configFileFor(target: string | undefined, cwd: string): string {
  const start = target === undefined ? cwd : path.resolve(cwd, target);
  if (!existsSync(start)) throw configNotFound(`${start} does not exist.`, { path: start });
  if (statSync(start).isDirectory()) {
    const found = findUp(PROJECT_CONFIG_PATH, start);
    if (!found) throw configNotFound(`No ep config (${PROJECT_CONFIG_PATH}) at or above ${start}.`, { path: start });
    return found;
  }
  if (!isConfigPath(start)) {
    throw configNotFound(`${start} is not an ep config: ep reads only <project>/${PROJECT_CONFIG_PATH}.`, { path: start });
  }
  return start;
}

function isConfigPath(file: string): boolean {
  return file.endsWith(`${path.sep}${PROJECT_CONFIG_PATH}`);
}

function stateOf(record: TrustRecord): TrustedConfig['state'] {
  try {
    return configDigest(readBoundedFileSync(record.configPath, 'The ep config')) === record.sha256 ? 'trusted' : 'changed';
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'changed';
  }
}
