import type { CodeImport } from './code-model.js';

/**
 * Shape checks for what the tree cache reads back: the cache directory is the user's, but a file in it may
 * be damaged, truncated, written by another version or planted, so nothing in it is used before it is
 * known to be of the expected shape and within bounds. Each check returns the value or undefined.
 */
const LANGUAGES = new Set(['python', 'typescript', 'tsx', 'javascript']);
const MAX_STRING = 1_000_000;
const MAX_LIST = 1_000_000;
const HASH = /^[0-9a-f]{64}$/;

export interface CachedFileStat {
  readonly path: string;
  readonly size: number;
  readonly mtimeMs: number;
  readonly ino: number;
  /** `language:sha256` of the bytes when the file is served; null when it was skipped (binary, oversized, generated). */
  readonly key: string | null;
}

type Json = unknown;

const isObject = (value: Json): value is Record<string, Json> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: Json, max = MAX_STRING): value is string => typeof value === 'string' && value.length <= max;
const isCount = (value: Json, max: number): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= max;
const isStrings = (value: Json): value is string[] =>
  Array.isArray(value) && value.length <= MAX_LIST && value.every((item) => isString(item));

/** `python:<sha256>`: the key a parsed file is cached under. */
export function parseKeyOf(language: string, hash: string): string {
  return `${language}:${hash}`;
}

/** Whether `value` is a key `parseKeyOf` makes. */
export function isParseKey(value: Json): value is string {
  if (typeof value !== 'string') return false;
  const colon = value.indexOf(':');
  return colon > 0 && LANGUAGES.has(value.slice(0, colon)) && HASH.test(value.slice(colon + 1));
}

/** A part of a path that is empty (a leading, doubled or trailing '/'), '.' or '..'. */
const EMPTY_OR_DOT_PART = /(?:^|\/)\.{0,2}(?:\/|$)/;

/** A relative POSIX path inside the root: no absolute path, no `..`, no NUL. */
export function isTreePath(value: Json): value is string {
  // One pattern rather than a split: a warm request checks every path of the tree.
  return isString(value, 4096) && value !== '' && !value.includes('\0') && !value.includes('\\') && !EMPTY_OR_DOT_PART.test(value);
}

/** The names one file's code uses, as the cache keeps them apart from its outline (see FileOutline). */
export interface FileUses {
  readonly names: readonly string[];
  readonly imports: readonly CodeImport[];
  /** Per definition, in the file's order. */
  readonly symbols: readonly { readonly names: readonly string[]; readonly attributes: readonly string[] }[];
}

/** A file's uses as cached, for a file of `symbolCount` definitions. */
export function checkFileUses(value: Json, symbolCount: number): FileUses | undefined {
  if (!isObject(value)) return undefined;
  const { names, imports, symbols } = value;
  if (!isStrings(names) || !Array.isArray(imports) || imports.length > MAX_LIST) return undefined;
  if (!Array.isArray(symbols) || symbols.length !== symbolCount) return undefined;
  const checkedImports: CodeImport[] = [];
  for (const imported of imports) {
    if (!isObject(imported) || !isString(imported.module, 4096) || !isStrings(imported.names) || !isCount(imported.level, 100))
      return undefined;
    checkedImports.push({ module: imported.module, names: imported.names, level: imported.level });
  }
  const checkedSymbols: FileUses['symbols'][number][] = [];
  for (const symbol of symbols) {
    if (!isObject(symbol) || !isStrings(symbol.names) || !isStrings(symbol.attributes)) return undefined;
    checkedSymbols.push({ names: symbol.names, attributes: symbol.attributes });
  }
  return { names, imports: checkedImports, symbols: checkedSymbols };
}
