import path from 'node:path';
import { resolveEpHome } from '../../sessions/store/session-paths.js';

/** `$EP_HOME/cache/code-context` (default `~/.ep/cache/code-context`). */
export function codeCacheDir(env: Readonly<Record<string, string | undefined>>): string {
  return path.join(resolveEpHome(env), 'cache', 'code-context');
}
