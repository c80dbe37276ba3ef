/**
 * Why a member name is unsafe to unpack, or undefined when it is a plain relative POSIX path inside the
 * tree. Absolute names, drive letters, backslashes, `..`, `.` and empty segments and NUL are all refused:
 * nothing in a package may address a file outside its own directory.
 */
// Segments that start with a letter, digit or one of `_@+-` and hold no `/`, `\`, `:` or NUL: always safe.
const PLAIN_NAME = /^[\w@+-][\w.@+-]*(?:\/[\w@+-][\w.@+-]*)*$/;

export function unsafeMemberName(name: string): string | undefined {
  if (PLAIN_NAME.test(name)) return undefined;
  if (name.length === 0) return 'empty name';
  if (name.includes('\0')) return 'NUL in name';
  if (name.includes('\\')) return 'backslash in name';
  if (name.startsWith('/')) return 'absolute name';
  if (/^[A-Za-z]:/.test(name)) return 'drive-qualified name';
  for (const segment of name.split('/')) {
    if (segment === '..') return '".." segment';
    if (segment === '.' || segment === '') return 'empty or "." segment';
  }
  return undefined;
}
