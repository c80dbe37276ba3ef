import { definePlugin } from '../../kernel/plugin.js';
import { RuntimeSettings } from '../../kernel/runtime-settings.js';
import { SessionStore } from '../../sessions/store/session-store.js';
import { EP_VERSION } from '../../version.js';

export interface SessionStoreOptions {
  /** Overrides `$EP_HOME` (default `~/.ep`). */
  readonly home?: string;
  /** Commit each turn to the session's git repository (default true). */
  readonly git?: boolean;
}

export const sessionStorePlugin = definePlugin<SessionStoreOptions>((options = {}) => ({
  id: 'builtin/session-store',
  version: EP_VERSION,
  engine: `^${EP_VERSION}`,
  description: 'Session DAGs on disk: an append-only log, meta.json and a git commit per turn, under $EP_HOME/sessions/.',
  provides: [SessionStore],
  requires: [RuntimeSettings],
  async register(registry) {
    const [{ FileSessionStore }, { resolveEpHome }] = await Promise.all([
      import('../../sessions/store/file-session-store.js'),
      import('../../sessions/store/session-paths.js'),
    ]);
    registry.registerFactory(SessionStore, (services) => {
      const settings = services.get(RuntimeSettings);
      const home = options.home ? resolveEpHome({ EP_HOME: options.home }) : resolveEpHome(settings.env);
      return new FileSessionStore({ home, git: options.git ?? true });
    });
  },
}));
