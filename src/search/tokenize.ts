/**
 * The context tokenizer: lowercase, treat `. _ - / : #` as spaces, split on whitespace. So the key
 * `preference.humanize.navigation` matches the query `humanize navigation`.
 */
const SEPARATORS = /[._\-/:#]/g;

export function tokenize(text: string): string[] {
  const normalised = text.toLowerCase().replace(SEPARATORS, ' ').trim();
  return normalised === '' ? [] : normalised.split(/\s+/);
}
