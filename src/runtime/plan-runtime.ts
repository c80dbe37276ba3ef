import type { EpRuntime } from './runtime.js';
import type { EpPlugin, PluginSource } from '../kernel/plugin.js';
import { loadProjectConfig, type ProjectConfig } from './loading/project-config.js';
import { requireTrustedConfig } from './trust/config-trust.js';
import { selectPlugins } from './select-plugins.js';
import { withDatabaseProviders } from './loading/database-providers.js';

export interface RuntimeOptions {
  /** Where the project config is looked up from; defaults to `process.cwd()`. */
  readonly cwd?: string;
  /** Extra plugin modules (package names or paths), as `--plugin` gives them. */
  readonly pluginModules?: readonly string[];
  /** Plugin objects to load alongside the built-ins. */
  readonly plugins?: readonly EpPlugin[];
  /** Overrides the project config file (useful for embedding without a `.edsl/ep.json`). */
  readonly config?: Partial<Omit<ProjectConfig, 'path' | 'sha256'>>;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** A started runtime to use instead of starting one (library callers embedding one runtime for many calls). */
  readonly runtime?: EpRuntime;
}

/** Every field of RuntimeOptions, so a library function can tell them from its own options. */
const RUNTIME_FIELDS: Record<keyof RuntimeOptions, true> = {
  cwd: true,
  pluginModules: true,
  plugins: true,
  config: true,
  env: true,
  runtime: true,
};

/**
 * A library function's options split in two: the runtime's (where and how to start it, or the one to use)
 * and the operation's own, which go to the service unchanged.
 */
export function splitRuntimeOptions<T extends RuntimeOptions>(options: T): [RuntimeOptions, Omit<T, keyof RuntimeOptions>] {
  const runtime: Record<string, unknown> = {};
  const own: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(options)) (Object.hasOwn(RUNTIME_FIELDS, field) ? runtime : own)[field] = value;
  return [runtime, own as Omit<T, keyof RuntimeOptions>];
}

export interface RuntimePlan {
  readonly sources: PluginSource[];
  readonly config: ProjectConfig;
  readonly cwd: string;
}

/**
 * Chooses a runtime's plugins from the built-ins, the project config, flags and inline plugins, without
 * loading the container or starting anything (what `ep plugins list` needs, kept light for start-up time).
 * A project config that names code is refused unless the user trusted it (`CONFIG_NOT_TRUSTED`); the
 * caller's own plugins, modules and config need no trust.
 */
export async function planRuntime(options: RuntimeOptions = {}): Promise<RuntimePlan> {
  const cwd = options.cwd ?? process.cwd();
  const fromFile = loadProjectConfig(cwd);
  const env = options.env ?? process.env;
  const config: ProjectConfig = withDatabaseProviders({ ...fromFile, ...options.config }, env);
  const sources = await selectPlugins({
    config,
    cwd,
    flagModules: options.pluginModules ?? [],
    inline: options.plugins ?? [],
    admitConfig: (plugins) =>
      requireTrustedConfig({ config: fromFile, ...(options.config ? { overrides: options.config } : {}), plugins, env }),
  });
  return { sources, config, cwd };
}
