/**
 * Whether a node key answers a focus target: the key contains the target (`app/auth` finds
 * `app/auth/tokens`), or the target names the same kind of node by a shorter qualification
 * (`uko-py:class/AuthManager` and `uko-py:class/auth.AuthManager` both find `uko-py:class/pkg.auth.AuthManager`).
 * Both sides are lowercase.
 */
export function focusMatches(key: string, target: string): boolean {
  return focusMatcher(target)(key);
}

/**
 * `focusMatches` for one target, its parts worked out once: a request tests every entry's key against
 * each target, so nothing is cut or joined per key.
 */
export function focusMatcher(target: string): (key: string) => boolean {
  const slash = target.lastIndexOf('/');
  if (slash <= 0 || slash === target.length - 1) return (key) => key.includes(target);
  const kind = target.slice(0, slash + 1);
  const name = `.${target.slice(slash + 1)}`;
  return (key) => key.includes(target) || (key.startsWith(kind) && key.endsWith(name));
}
