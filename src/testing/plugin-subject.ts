import path from 'node:path';
import { createEp } from '../api/ep.js';
import type { EpPlugin, PluginFactory } from '../kernel/plugin.js';
import { BUILTIN_PLUGINS } from '../plugins/builtin-catalog.js';
import { tokenArity, tokenName, type AnyServiceToken, type MultiServiceToken, type ServiceToken } from '../kernel/token.js';
import type { Subject, SubjectContext } from './conformance-suite.js';

export interface PluginSubjectOptions<Options = Record<string, unknown>> {
  /** Options passed to the plugin's factory. */
  readonly options?: Options;
  /** Further plugins the one under test needs beside the built-ins. */
  readonly alongside?: readonly EpPlugin[];
}

/**
 * The service `token` as a real runtime gives it with the plugin loaded: the built-ins start beside it, the
 * plugin is chosen as the provider of every single service it provides (as `"providers"` in a config would),
 * and its reads are scoped to what it declares (a built-in under test takes the place of its default instance).
 * The runtime works in the check's scratch directory, keeps its sessions there (`EP_HOME`) and is shut down
 * after the check.
 */
export function fromPlugin<T, Options>(
  plugin: EpPlugin | PluginFactory<Options>,
  token: ServiceToken<T>,
  options: PluginSubjectOptions<Options> = {},
): Subject<T> {
  return async (context) => (await startWith(plugin, options, context)).get(token);
}

/** One contribution the plugin makes to a multi service (`ep.Tool`), picked by `select` among all contributions. */
export function fromPluginContribution<T, Options>(
  plugin: EpPlugin | PluginFactory<Options>,
  token: MultiServiceToken<T>,
  select: (contribution: T) => boolean,
  options: PluginSubjectOptions<Options> = {},
): Subject<T> {
  return async (context) => {
    const found = (await startWith(plugin, options, context)).getAll(token).filter(select);
    if (found.length !== 1) {
      throw new Error(`Expected exactly one contribution to ${tokenName(token)} to match, found ${found.length}.`);
    }
    return found[0]!;
  };
}

async function startWith<Options>(
  plugin: EpPlugin | PluginFactory<Options>,
  options: PluginSubjectOptions<Options>,
  context: SubjectContext,
) {
  const made = typeof plugin === 'function' ? plugin(options.options) : plugin;
  const providers = Object.fromEntries(
    (made.provides ?? []).filter((token: AnyServiceToken) => tokenArity(token) === 'single').map((token) => [tokenName(token), made.id]),
  );
  const ep = await createEp({
    cwd: context.dir,
    env: { ...process.env, EP_HOME: path.join(context.dir, '.ep-home') },
    plugins: [made, ...(options.alongside ?? [])],
    // A built-in under test replaces its default instance rather than loading beside it.
    config: { providers, disable: BUILTIN_PLUGINS.filter((entry) => entry.id === made.id).map((entry) => entry.id) },
  });
  context.onCleanup(() => ep.shutdown());
  return ep;
}
