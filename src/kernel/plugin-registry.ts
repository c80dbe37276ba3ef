import type { DependencyContainer } from 'tsyringe';
import { classDependencies, type ClassDependency } from './class-dependencies.js';
import type { ContributionLedger } from './contributions.js';
import { serviceFailure } from './plugin-boundary.js';
import type { Constructor, EpPlugin, ServiceRegistry } from './plugin.js';
import { PluginErrorCode, pluginError } from './plugin-errors.js';
import type { PluginServices } from './plugin-services.js';
import { tokenName, type AnyServiceToken } from './token.js';

/**
 * The registry one plugin's `register` receives: it binds only what the plugin `provides`, and everything it
 * binds reads services through the plugin's own scoped accessor. Factories and classes run once, on first use,
 * inside the plugin's boundary (a failure names the plugin and the service). Each binding is recorded in the
 * ledger with the plugin's id, so `contributions(token)` can tell who contributed what.
 */
export function createServiceRegistry(
  plugin: EpPlugin,
  container: DependencyContainer,
  services: PluginServices,
  ledger: ContributionLedger,
): ServiceRegistry {
  const provided = new Set<symbol>(plugin.provides ?? []);
  const check = (token: symbol) => {
    if (!provided.has(token)) {
      throw pluginError(
        PluginErrorCode.registerFailed,
        `Plugin ${plugin.id} registered ${tokenName(token)} without declaring it in provides.`,
        { plugin: plugin.id, service: tokenName(token) },
      );
    }
  };
  const bindOnce = <T>(token: symbol, make: () => T) => {
    let made = false;
    let instance: T;
    const resolve = () => {
      if (!made) {
        try {
          instance = make();
        } catch (cause) {
          throw serviceFailure(plugin.id, tokenName(token), cause);
        }
        made = true;
      }
      return instance;
    };
    container.register(token, { useFactory: resolve });
    ledger.record(token, { plugin: plugin.id, resolve });
  };
  return {
    get: (token) => services.get(token),
    getAll: (token) => services.getAll(token),
    has: (token) => services.has(token),
    contributions: (token) => services.contributions(token),
    registerValue<T>(token: AnyServiceToken<T>, value: T) {
      check(token);
      container.register(token, { useValue: value });
      ledger.record(token, { plugin: plugin.id, resolve: () => value });
    },
    registerFactory<T>(token: AnyServiceToken<T>, factory: (accessor: typeof services) => T) {
      check(token);
      bindOnce(token, () => factory(services));
    },
    registerClass<T>(token: AnyServiceToken<T>, implementation: Constructor<T>, dependencies?: readonly AnyServiceToken[]) {
      check(token);
      const found = classDependencies(implementation, dependencies);
      if (!found.known) {
        const name = implementation.name || '(anonymous class)';
        throw pluginError(
          PluginErrorCode.classDependenciesUnknown,
          `Plugin ${plugin.id} registers class ${name} for ${tokenName(token)}, but constructor parameter(s) ` +
            `${found.parameters.join(', ')} carry no token: pass the dependency list, registerClass(token, ${name}, [tokens]), ` +
            'or mark every constructor parameter with @inject(Token).',
          { plugin: plugin.id, service: tokenName(token), class: name, parameters: found.parameters },
        );
      }
      // Checked now, so an undeclared dependency stops start-up rather than the first call that needs it.
      for (const dependency of found.dependencies) services.check(dependency.token);
      bindOnce(token, () => new implementation(...found.dependencies.map((dependency) => argument(services, dependency))));
    },
  };
}

function argument(services: PluginServices, { token, multiple, optional }: ClassDependency): unknown {
  if (multiple) return services.getAll(token);
  if ((optional || services.isOptional(token)) && !services.has(token)) return undefined;
  return services.get(token);
}
