import { EpError, errorMessage, isEpError, withDetails } from './errors.js';
import { PluginErrorCode, pluginError } from './plugin-errors.js';

/**
 * Where a plugin's code meets the kernel: its hooks and the factories and classes it binds. A failure crossing
 * it names the plugin. A plain error is wrapped with a stable code; an EpError is the plugin's own report to
 * the user, so it keeps its code, exit code, message and suggestion and only gains the plugin in its details.
 * A failure that already names a plugin (one plugin's factory resolving another's failing service, a
 * declaration error) crossed an inner boundary first and passes unchanged: the innermost plugin is named.
 */
export type PluginHook = 'register' | 'initialize' | 'shutdown';

const HOOK_CODES = {
  register: PluginErrorCode.registerFailed,
  initialize: PluginErrorCode.initializeFailed,
  shutdown: PluginErrorCode.shutdownFailed,
} as const;

/** True when `error` is an EpError whose details already name a plugin. */
export function namesPlugin(error: unknown): error is EpError {
  return isEpError(error) && typeof error.details?.plugin === 'string';
}

/** What a hook of `plugin` threw, as the error start-up (or shutdown) reports. */
export function hookFailure(plugin: string, hook: PluginHook, cause: unknown): EpError {
  return (
    attributed(cause, { plugin, hook }) ??
    pluginError(HOOK_CODES[hook], `Error during call to '${hook}' in plugin ${plugin}: ${errorMessage(cause)}`, { plugin, hook }, { cause })
  );
}

/** What a factory or class constructor `plugin` bound for `service` threw, as the reader of the service sees it. */
export function serviceFailure(plugin: string, service: string, cause: unknown): EpError {
  return (
    attributed(cause, { plugin, service }) ??
    pluginError(
      PluginErrorCode.serviceFailed,
      `Plugin ${plugin} failed to build service ${service}: ${errorMessage(cause)}`,
      { plugin, service },
      { cause },
    )
  );
}

/** An EpError, named after the plugin unless an inner boundary already named one; undefined for anything else. */
function attributed(cause: unknown, names: { plugin: string } & Record<string, string>): EpError | undefined {
  if (!isEpError(cause)) return undefined;
  if (namesPlugin(cause)) return cause instanceof EpError ? cause : withDetails(cause, {});
  return withDetails(cause, names);
}
