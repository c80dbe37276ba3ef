/**
 * The context tokenizer: lowercase, treat `. _ - / : #` as spaces, split on whitespace. So the key
 * `preference.humanize.navigation` matches the query `humanize navigation`.
 */
const SEPARATORS = /[._\-/:#]/g;

export function tokenize(text: string): string[] {
  const normalised = text.toLowerCase().replace(SEPARATORS, ' ').trim();
  return normalised === '' ? [] : normalised.split(/\s+/);
}

/**
 * The same tokens as `tokenize`, handed to `emit` one by one from a single scan of the text: no
 * intermediate strings or arrays, which is what index builds spend most of their time on.
 */
export function scanTokens(text: string, emit: (token: string) => void): void {
  const lower = text.toLowerCase();
  let start = -1;
  for (let i = 0; i < lower.length; i += 1) {
    if (isBoundary(lower.charCodeAt(i))) {
      if (start >= 0) {
        emit(lower.slice(start, i));
        start = -1;
      }
    } else if (start < 0) start = i;
  }
  if (start >= 0) emit(lower.slice(start));
}

/** A separator or a character JavaScript's `\s` matches. */
export function isBoundary(code: number): boolean {
  if (code < 128) {
    return (
      code === 32 || (code >= 9 && code <= 13) || code === 46 || code === 95 || code === 45 || code === 47 || code === 58 || code === 35
    );
  }
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
