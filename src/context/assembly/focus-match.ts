/**
 * Whether a node key answers a focus target, ignoring case: the key contains the target (`app/auth` finds
 * `app/auth/tokens`), or the target names the same kind of node by a shorter qualification
 * (`uko-py:class/AuthManager` and `uko-py:class/auth.AuthManager` both find `uko-py:class/pkg.auth.AuthManager`).
 */
export function focusMatches(key: string, target: string): boolean {
  return focusMatcher(target)(key);
}

/**
 * `focusMatches` for one target, as one case-insensitive pattern made once: a request tests every entry's
 * key against each target, and lowercasing each key would copy every key of the tiers on every request.
 */
export function focusMatcher(target: string): (key: string) => boolean {
  const slash = target.lastIndexOf('/');
  const contains = escaped(target);
  // The kind ends with '/' and the name holds none, so a key cannot match both ends with overlapping text.
  const pattern =
    slash <= 0 || slash === target.length - 1
      ? contains
      : `${contains}|^${escaped(target.slice(0, slash + 1))}[\\s\\S]*${escaped(`.${target.slice(slash + 1)}`)}$`;
  const matcher = new RegExp(pattern, 'iu');
  return (key) => matcher.test(key);
}

/** `text` as a pattern matching itself (the syntax characters escaped, as the `u` flag requires of escapes). */
const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
