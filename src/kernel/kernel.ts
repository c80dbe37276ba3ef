import type { DependencyContainer } from 'tsyringe';
import { rootContainer } from './di.js';
import { ContributionLedger, type Contribution } from './contributions.js';
import type { EpPlugin, PluginSource, ServiceAccessor } from './plugin.js';
import { hookFailure } from './plugin-boundary.js';
import { demandedPlugins } from './demanded-plugins.js';
import { resolvePluginGraph } from './plugin-graph.js';
import { createServiceRegistry } from './plugin-registry.js';
import { PluginServices } from './plugin-services.js';
import { tokenArity, tokenName, type AnyServiceToken, type ServiceToken } from './token.js';
import { EpError, ExitCode } from './errors.js';

export type KernelState = 'created' | 'starting' | 'started' | 'stopped' | 'failed';

export interface KernelStartOptions {
  /**
   * Start only what serving these services takes (see demanded-plugins.ts), plus every plugin that is not
   * built in, so a third-party plugin's hooks run as they would in a full start. Absent: start every plugin.
   */
  readonly needs?: readonly AnyServiceToken[];
}

/**
 * Owns one dependency container and the plugins bound into it. Plugins never see the container: they
 * get a registry during `register` and an accessor afterwards, both scoped to the services the plugin
 * declared (see PluginServices). The kernel's own `get`/`getAll`/`has` are the host's: unscoped.
 *
 * Shutdown rules:
 * - runs each started plugin's `shutdown` in reverse start order;
 * - also runs after a failed `start`, for the plugins whose `initialize` completed;
 * - a failing `shutdown` does not stop the others; the first failure is thrown at the end.
 *
 * A hook that throws an EpError keeps its code, exit code and suggestion, with the plugin and hook added to its
 * details; any other throw is wrapped with the hook's code (plugin-boundary.ts).
 */
export class Kernel implements ServiceAccessor {
  private readonly container: DependencyContainer = rootContainer.createChildContainer();
  private readonly sources: PluginSource[];
  private ordered: readonly PluginSource[] = [];
  /** Services whose provider is loaded but was left unstarted by a start with `needs`. */
  private readonly unstarted = new Set<symbol>();
  private readonly initialized: EpPlugin[] = [];
  private currentState: KernelState = 'created';

  private readonly hostTokens = new Set<symbol>();
  private readonly scopes = new Map<string, PluginServices>();
  private readonly ledger = new ContributionLedger();

  constructor(sources: readonly PluginSource[]) {
    this.sources = [...sources];
  }

  /** Binds a value the host owns (settings, the working directory); plugins may depend on it. */
  provide<T>(token: ServiceToken<T>, value: T): this {
    if (this.currentState !== 'created') throw new EpError('KERNEL_STATE', 'Host services are bound before start.');
    this.container.register(token, { useValue: value });
    this.ledger.record(token, { resolve: () => value });
    this.hostTokens.add(token);
    return this;
  }

  get state(): KernelState {
    return this.currentState;
  }

  /** The plugins in start order (available once `start` has resolved the graph). */
  get plugins(): readonly PluginSource[] {
    return this.ordered.length > 0 ? this.ordered : resolvePluginGraph(this.sources, this.hostTokens).ordered;
  }

  async start(options: KernelStartOptions = {}): Promise<void> {
    if (this.currentState !== 'created') throw new EpError('KERNEL_STATE', `Kernel cannot start from state ${this.currentState}.`);
    this.currentState = 'starting';
    try {
      const graph = resolvePluginGraph(this.sources, this.hostTokens).ordered;
      this.ordered = options.needs ? demandedPlugins(graph, options.needs, ({ origin }) => origin !== 'builtin') : graph;
      for (const { plugin } of graph) {
        if (!this.ordered.some((started) => started.plugin === plugin)) plugin.provides?.forEach((token) => this.unstarted.add(token));
      }
      for (const { plugin } of this.ordered) await this.register(plugin);
      for (const { plugin } of this.ordered) {
        if (plugin.initialize) {
          try {
            await plugin.initialize(this.servicesFor(plugin));
          } catch (cause) {
            throw hookFailure(plugin.id, 'initialize', cause);
          }
        }
        this.initialized.push(plugin);
      }
      this.currentState = 'started';
    } catch (error) {
      this.currentState = 'failed';
      await this.shutdown().catch(() => undefined);
      this.currentState = 'failed';
      throw error;
    }
  }

  async shutdown(): Promise<void> {
    let firstFailure: EpError | undefined;
    while (this.initialized.length > 0) {
      const plugin = this.initialized.pop()!;
      try {
        await plugin.shutdown?.(this.servicesFor(plugin));
      } catch (cause) {
        firstFailure ??= hookFailure(plugin.id, 'shutdown', cause);
      }
    }
    if (this.currentState !== 'failed') this.currentState = 'stopped';
    await this.container.dispose();
    if (firstFailure) throw firstFailure;
  }

  /** The one provider of a single service; a multi service (any number of contributions) is read with getAll. */
  get<T>(token: ServiceToken<T>): T {
    if (tokenArity(token) === 'multi') {
      throw new EpError('SERVICE_IS_MULTI', `Service ${tokenName(token)} takes any number of contributions: read it with getAll.`, {
        exitCode: ExitCode.general,
        details: { service: tokenName(token) },
      });
    }
    if (!this.container.isRegistered(token, false)) {
      if (this.unstarted.has(token)) {
        // A host asked for less than it reads: a defect of the caller, not of the user's setup.
        throw new EpError('SERVICE_NOT_STARTED', `Service ${tokenName(token)} was read from a runtime started without it.`, {
          exitCode: ExitCode.general,
          details: { service: tokenName(token) },
        });
      }
      throw new EpError('SERVICE_NOT_REGISTERED', `Service ${tokenName(token)} is not provided by any loaded plugin.`, {
        exitCode: ExitCode.general,
        details: { service: tokenName(token) },
      });
    }
    return this.container.resolve<T>(token);
  }

  getAll<T>(token: AnyServiceToken<T>): T[] {
    return this.container.isRegistered(token, false) ? this.container.resolveAll<T>(token) : [];
  }

  has(token: AnyServiceToken<unknown>): boolean {
    return this.container.isRegistered(token, false);
  }

  contributions<T>(token: AnyServiceToken<T>): Contribution<T>[] {
    return this.ledger.of(token);
  }

  /** The plugin's scoped view of the services, one per plugin, shared by all its hooks and bindings. */
  private servicesFor(plugin: EpPlugin): PluginServices {
    let services = this.scopes.get(plugin.id);
    if (!services) this.scopes.set(plugin.id, (services = new PluginServices(plugin, this, this.hostTokens)));
    return services;
  }

  private async register(plugin: EpPlugin): Promise<void> {
    try {
      await plugin.register(createServiceRegistry(plugin, this.container, this.servicesFor(plugin), this.ledger));
    } catch (cause) {
      throw hookFailure(plugin.id, 'register', cause);
    }
  }
}
