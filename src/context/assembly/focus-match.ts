/**
 * Whether a node key answers a focus target: the key contains the target (`app/auth` finds
 * `app/auth/tokens`), or the target names the same kind of node by a shorter qualification
 * (`uko-py:class/AuthManager` and `uko-py:class/auth.AuthManager` both find `uko-py:class/pkg.auth.AuthManager`).
 * Both sides are lowercase.
 */
export function focusMatches(key: string, target: string): boolean {
  if (key.includes(target)) return true;
  const slash = target.lastIndexOf('/');
  if (slash <= 0 || slash === target.length - 1) return false;
  const kind = target.slice(0, slash + 1);
  return key.startsWith(kind) && key.endsWith(`.${target.slice(slash + 1)}`);
}
