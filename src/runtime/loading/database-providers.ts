import type { ProjectConfig } from './project-config.js';

/** The built-ins `EP_DATABASE_URL` chooses, by the service each provides. */
const DATABASE_PROVIDERS: Readonly<Record<string, string>> = {
  'ep.SessionStore': 'builtin/session-store-postgres',
  // Files stay `.ep` packages: this store takes only the contexts named postgres:///<name>.
  'ep.PackageStore': 'builtin/storage-postgres',
};

/**
 * `EP_DATABASE_URL` in the user's environment chooses the PostgreSQL providers for the services the config
 * leaves to the defaults; a provider the config (or the caller) chooses stays chosen.
 */
export function withDatabaseProviders(config: ProjectConfig, env: Readonly<Record<string, string | undefined>>): ProjectConfig {
  if (!env.EP_DATABASE_URL?.trim()) return config;
  const providers = { ...config.providers };
  for (const [service, plugin] of Object.entries(DATABASE_PROVIDERS)) {
    if (!Object.hasOwn(providers, service) && !config.disable.includes(plugin)) providers[service] = plugin;
  }
  return { ...config, providers };
}
