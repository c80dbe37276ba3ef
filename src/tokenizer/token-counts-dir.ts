import path from 'node:path';
import { resolveEpHome } from '../sessions/store/session-paths.js';

/** `$EP_HOME/cache/token-counts` (default `~/.ep/cache/token-counts`). */
export function tokenCountsDir(env: Readonly<Record<string, string | undefined>>): string {
  return path.join(resolveEpHome(env), 'cache', 'token-counts');
}
