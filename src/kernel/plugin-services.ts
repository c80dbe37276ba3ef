import type { Contribution } from './contributions.js';
import type { EpPlugin, ServiceAccessor } from './plugin.js';
import { PluginErrorCode, pluginError } from './plugin-errors.js';
import { tokenName, type AnyServiceToken, type ServiceToken } from './token.js';

/**
 * One plugin's view of the services: it reads what it declared (`requires`, `optional`, its own `provides`)
 * and what the host binds with `kernel.provide`, nothing else. The same view is handed to `register`,
 * `initialize`, `shutdown` and to every factory and class the plugin binds, so a dependency the declaration
 * does not show fails on first use, naming the plugin and the token, instead of working by accident.
 */
export class PluginServices implements ServiceAccessor {
  private readonly declared: ReadonlySet<symbol>;

  constructor(
    private readonly plugin: EpPlugin,
    private readonly services: ServiceAccessor,
    private readonly hostTokens: ReadonlySet<symbol>,
  ) {
    this.declared = new Set<symbol>([...(plugin.requires ?? []), ...(plugin.optional ?? []), ...(plugin.provides ?? [])]);
  }

  get<T>(token: ServiceToken<T>): T {
    this.check(token);
    return this.services.get(token);
  }

  getAll<T>(token: AnyServiceToken<T>): T[] {
    this.check(token);
    return this.services.getAll(token);
  }

  has(token: AnyServiceToken<unknown>): boolean {
    this.check(token);
    return this.services.has(token);
  }

  contributions<T>(token: AnyServiceToken<T>): Contribution<T>[] {
    this.check(token);
    return this.services.contributions(token);
  }

  /** True when the plugin listed `token` as optional only: missing is fine. */
  isOptional(token: symbol): boolean {
    return (this.plugin.optional ?? []).includes(token) && !(this.plugin.requires ?? []).includes(token);
  }

  /** Throws `PLUGIN_UNDECLARED_SERVICE` unless the plugin may read `token`. */
  check(token: symbol): void {
    if (this.declared.has(token) || this.hostTokens.has(token)) return;
    const id = this.plugin.id;
    const service = tokenName(token);
    throw pluginError(
      PluginErrorCode.undeclaredService,
      `Plugin ${id} reads service ${service} without declaring it: add ${service} to the plugin's requires ` +
        '(or to optional, if the plugin works without it).',
      { plugin: id, service },
      { suggestion: `List ${service} in requires of ${id}.` },
    );
  }
}
