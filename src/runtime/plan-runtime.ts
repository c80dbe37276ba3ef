import type { EpRuntime } from './runtime.js';
import type { EpPlugin, PluginSource } from '../kernel/plugin.js';
import { loadProjectConfig, type ProjectConfig } from '../kernel/loading/project-config.js';
import { selectPlugins } from './select-plugins.js';

export interface RuntimeOptions {
  /** Where the project config is looked up from; defaults to `process.cwd()`. */
  readonly cwd?: string;
  /** Extra plugin modules (package names or paths), as `--plugin` gives them. */
  readonly pluginModules?: readonly string[];
  /** Plugin objects to load alongside the built-ins. */
  readonly plugins?: readonly EpPlugin[];
  /** Overrides the project config file (useful for embedding without a `.edsl/ep.json`). */
  readonly config?: Partial<Omit<ProjectConfig, 'path'>>;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** A started runtime to use instead of starting one (library callers embedding one runtime for many calls). */
  readonly runtime?: EpRuntime;
}

export interface RuntimePlan {
  readonly sources: PluginSource[];
  readonly config: ProjectConfig;
  readonly cwd: string;
}

/**
 * Chooses a runtime's plugins from the built-ins, the project config, flags and inline plugins, without
 * loading the container or starting anything (what `ep plugins list` needs, kept light for start-up time).
 */
export async function planRuntime(options: RuntimeOptions = {}): Promise<RuntimePlan> {
  const cwd = options.cwd ?? process.cwd();
  const config: ProjectConfig = { ...loadProjectConfig(cwd), ...options.config };
  const sources = await selectPlugins({ config, cwd, flagModules: options.pluginModules ?? [], inline: options.plugins ?? [] });
  return { sources, config, cwd };
}
