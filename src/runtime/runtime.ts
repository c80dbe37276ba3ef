import { Kernel } from '../kernel/kernel.js';
import type { EpPlugin, PluginSource } from '../kernel/plugin.js';
import { loadProjectConfig, type ProjectConfig } from '../kernel/loading/project-config.js';
import { RuntimeSettings } from '../kernel/tokens.js';
import type { ServiceToken } from '../kernel/token.js';
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
}

/** A started kernel with its plugins: the object library callers and every CLI command work through. */
export class EpRuntime {
  private constructor(
    readonly kernel: Kernel,
    readonly config: ProjectConfig,
    readonly cwd: string,
  ) {}

  /** Chooses the plugins without starting any of them (what `ep plugins list` shows). */
  static async plan(options: RuntimeOptions = {}): Promise<{ sources: PluginSource[]; config: ProjectConfig; kernel: Kernel }> {
    const cwd = options.cwd ?? process.cwd();
    const fileConfig = loadProjectConfig(cwd);
    const config: ProjectConfig = { ...fileConfig, ...options.config };
    const sources = await selectPlugins({
      config, cwd, flagModules: options.pluginModules ?? [], inline: options.plugins ?? [],
    });
    const env = options.env ?? process.env;
    const kernel = new Kernel(sources).provide(RuntimeSettings, {
      cwd, env, optionsFor: (pluginId: string) => config.options[pluginId] ?? {},
    });
    return { sources, config, kernel };
  }

  static async create(options: RuntimeOptions = {}): Promise<EpRuntime> {
    const { kernel, config } = await EpRuntime.plan(options);
    await kernel.start();
    return new EpRuntime(kernel, config, options.cwd ?? process.cwd());
  }

  get<T>(token: ServiceToken<T>): T {
    return this.kernel.get(token);
  }

  getAll<T>(token: ServiceToken<T>): T[] {
    return this.kernel.getAll(token);
  }

  async shutdown(): Promise<void> {
    await this.kernel.shutdown();
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.shutdown();
  }
}

/** Runs `body` with a started runtime and always shuts it down, also when `body` throws. */
export async function withRuntime<T>(options: RuntimeOptions, body: (runtime: EpRuntime) => Promise<T>): Promise<T> {
  const runtime = await EpRuntime.create(options);
  try {
    return await body(runtime);
  } finally {
    await runtime.shutdown();
  }
}
