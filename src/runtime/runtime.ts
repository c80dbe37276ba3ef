import { Kernel, type KernelStartOptions } from '../kernel/kernel.js';
import type { ProjectConfig } from './loading/project-config.js';
import { RuntimeSettings } from '../kernel/runtime-settings.js';
import type { AnyServiceToken, ServiceToken } from '../kernel/token.js';
import { planRuntime, type RuntimeOptions } from './plan-runtime.js';

export type { RuntimeOptions };

/** A started kernel with its plugins: the object library callers and every CLI command work through. */
export class EpRuntime {
  private constructor(
    readonly kernel: Kernel,
    readonly config: ProjectConfig,
    readonly cwd: string,
  ) {}

  /** `start.needs` starts only the plugins serving those services (a one-shot call that reads no others). */
  static async create(options: RuntimeOptions = {}, start: KernelStartOptions = {}): Promise<EpRuntime> {
    const { sources, config, cwd } = await planRuntime(options);
    const env = options.env ?? process.env;
    const kernel = new Kernel(sources).provide(RuntimeSettings, {
      cwd,
      env,
      optionsFor: (pluginId: string) => config.options[pluginId] ?? {},
    });
    await kernel.start(start);
    return new EpRuntime(kernel, config, options.cwd ?? process.cwd());
  }

  get<T>(token: ServiceToken<T>): T {
    return this.kernel.get(token);
  }

  getAll<T>(token: AnyServiceToken<T>): T[] {
    return this.kernel.getAll(token);
  }

  /** Whether a loaded plugin provides `token` (an optional service, such as ep.DatabaseSchema). */
  has(token: AnyServiceToken<unknown>): boolean {
    return this.kernel.has(token);
  }

  async shutdown(): Promise<void> {
    await this.kernel.shutdown();
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.shutdown();
  }
}

/**
 * Runs `body` with a started runtime and always shuts it down, also when `body` throws. When the caller
 * passes its own `runtime` (embedding: one runtime for many calls), that one is used and left running.
 * `needs` names every service `body` reads: a runtime started for this call starts only their plugins.
 */
export async function withRuntime<T>(
  options: RuntimeOptions,
  body: (runtime: EpRuntime) => Promise<T>,
  needs?: readonly AnyServiceToken[],
): Promise<T> {
  if (options.runtime) return body(options.runtime);
  const runtime = await EpRuntime.create(options, needs ? { needs } : {});
  try {
    return await body(runtime);
  } finally {
    await runtime.shutdown();
  }
}
