import type { Contribution } from './contributions.js';
import type { AnyServiceToken, ServiceToken } from './token.js';

/**
 * The plugin contract. A plugin is plain data plus functions, returned by a factory that takes options
 * (so options can be added without breaking callers). Everything the host needs to order and check
 * plugins is declared up front; `register` runs only once the whole graph is known to be sound.
 */
export interface EpPlugin {
  /** Namespaced id: `builtin/context`, `acme/search-tantivy`. */
  readonly id: string;
  /** The plugin's own semver version. */
  readonly version: string;
  /** Semver range of `ep` versions this plugin supports, checked before anything runs. */
  readonly engine: string;
  /** Services this plugin registers. A single service may have only one provider. */
  readonly provides?: readonly AnyServiceToken[];
  /**
   * Services this plugin needs; their providers start first. The plugin's accessor reads only what it declares
   * here, in `optional` or in `provides` (and what the host binds): any other read is `PLUGIN_UNDECLARED_SERVICE`.
   */
  readonly requires?: readonly AnyServiceToken[];
  /** Services used when present; ordering only, never an error when missing. */
  readonly optional?: readonly AnyServiceToken[];
  readonly description?: string;
  /**
   * Option keys that name a command, a module or an executable to run. A project config setting one of
   * them takes effect only once the user trusts that config (`ep trust`); other options are plain data.
   */
  readonly codeOptions?: readonly string[];

  /** Runs once, in dependency order, before any `initialize`. Binds what the plugin provides. */
  register(registry: ServiceRegistry): void | Promise<void>;
  /** Runs after every plugin registered, in dependency order. A throw aborts start-up. */
  initialize?(services: ServiceAccessor): void | Promise<void>;
  /** Runs in reverse start order on shutdown, also after a failed start, for plugins that initialized. */
  shutdown?(services: ServiceAccessor): void | Promise<void>;
}

/**
 * What a factory declares about the plugin it makes, readable before the factory runs: config options
 * keyed by `id` reach the factory, checked against `optionsSchema` first.
 */
export interface PluginDeclaration {
  readonly id: string;
  /** JSON Schema of the options object (`additionalProperties: false` makes unknown keys an error). */
  readonly optionsSchema?: Readonly<Record<string, unknown>>;
}

export type PluginFactory<Options = Record<string, unknown>> = ((options?: Options) => EpPlugin) & {
  readonly declaration?: PluginDeclaration;
};

/** Read access to services. A multi token (`ep.Tool`) is read with `getAll` only: `get` does not accept one. */
export interface ServiceAccessor {
  get<T>(token: ServiceToken<T>): T;
  getAll<T>(token: AnyServiceToken<T>): T[];
  has(token: AnyServiceToken<unknown>): boolean;
  /** The bindings of `token` in registration order, each with the plugin that made it (see Contribution). */
  contributions<T>(token: AnyServiceToken<T>): Contribution<T>[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a class with any constructor; the kernel passes what it declares
export type Constructor<T> = new (...args: any[]) => T;

/**
 * What `register` may bind. Single tokens get one binding; multi tokens collect contributions. Its reads, and
 * those of every factory and class it binds, are scoped to what the plugin declared.
 */
export interface ServiceRegistry extends ServiceAccessor {
  /**
   * A class the kernel constructs once, on first use. Its constructor arguments are `dependencies`, in order
   * (a multi token gives the array of contributions), or without that list the tokens its parameters carry
   * with `@inject(Token)` / `@injectAll(Token)`. Every dependency must be declared by the plugin.
   */
  registerClass<T>(token: AnyServiceToken<T>, implementation: Constructor<T>, dependencies?: readonly AnyServiceToken[]): void;
  registerValue<T>(token: AnyServiceToken<T>, value: T): void;
  /** A factory called once on first use, with the plugin's own (scoped) accessor. */
  registerFactory<T>(token: AnyServiceToken<T>, factory: (services: ServiceAccessor) => T): void;
}

/**
 * Gives plugin authors type checking on the literal and, with a declaration, lets ep check and deliver
 * config options before calling the factory. The declaration is a plain property, readable by any copy of ep.
 */
export function definePlugin<Options = Record<string, unknown>>(
  factory: (options?: Options) => EpPlugin,
  declaration?: PluginDeclaration,
): PluginFactory<Options> {
  if (!declaration) return factory;
  return Object.assign((options?: Options) => factory(options), { declaration });
}

/** Where a plugin came from, for `ep plugins list` and error messages. */
export type PluginOrigin = 'builtin' | 'config' | 'flag' | 'api';

export interface PluginSource {
  readonly plugin: EpPlugin;
  readonly origin: PluginOrigin;
  /** Module specifier or path it was imported from (absent for built-ins). */
  readonly module?: string;
}
