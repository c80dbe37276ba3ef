import type { CodeImport, CodeSymbol, ParsedFile } from './code-model.js';

/**
 * Shape checks for what the tree cache reads back: the cache directory is the user's, but a file in it may
 * be damaged, truncated, written by another version or planted, so nothing in it is used before it is
 * known to be of the expected shape and within bounds. Each check returns the value or undefined.
 */
const LANGUAGES = new Set(['python', 'typescript', 'tsx', 'javascript']);
const KINDS = new Set(['class', 'interface', 'type', 'function', 'method']);
const MAX_LINES = 10_000_000;
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
const isCounts = (value: Json, max: number): value is number[] =>
  Array.isArray(value) && value.length <= MAX_LIST && value.every((item) => isCount(item, max));

/** `python:<sha256>`: the key a parsed file is cached under. */
export function isParseKey(value: Json): value is string {
  if (typeof value !== 'string') return false;
  const colon = value.indexOf(':');
  return colon > 0 && LANGUAGES.has(value.slice(0, colon)) && HASH.test(value.slice(colon + 1));
}

/** A relative POSIX path inside the root: no absolute path, no `..`, no NUL. */
export function isTreePath(value: Json): value is string {
  if (!isString(value, 4096) || value === '' || value.startsWith('/') || value.includes('\0') || value.includes('\\')) return false;
  return value.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

export function checkFileStat(value: Json): CachedFileStat | undefined {
  if (!isObject(value) || !isTreePath(value.path)) return undefined;
  const { size, mtimeMs, ino, key } = value;
  if (!isCount(size, Number.MAX_SAFE_INTEGER) || typeof mtimeMs !== 'number' || !Number.isFinite(mtimeMs)) return undefined;
  if (!isCount(ino, Number.MAX_SAFE_INTEGER) || (key !== null && !isParseKey(key))) return undefined;
  return { path: value.path, size, mtimeMs, ino, key };
}

export function checkParsedFile(value: Json): ParsedFile | undefined {
  if (!isObject(value)) return undefined;
  const { language, lineCount, doc, symbols, imports, names, outline, parseError } = value;
  if (typeof language !== 'string' || !LANGUAGES.has(language) || !isCount(lineCount, MAX_LINES) || !isString(doc)) return undefined;
  if (!Array.isArray(symbols) || symbols.length > MAX_LIST || !Array.isArray(imports) || imports.length > MAX_LIST) return undefined;
  if (!isStrings(names) || !isCounts(outline, lineCount) || typeof parseError !== 'boolean') return undefined;
  const checkedSymbols: CodeSymbol[] = [];
  for (const symbol of symbols) {
    const checked = checkSymbol(symbol, lineCount, symbols.length);
    if (!checked) return undefined;
    checkedSymbols.push(checked);
  }
  const checkedImports: CodeImport[] = [];
  for (const imported of imports) {
    if (!isObject(imported) || !isString(imported.module, 4096) || !isStrings(imported.names) || !isCount(imported.level, 100))
      return undefined;
    checkedImports.push({ module: imported.module, names: imported.names, level: imported.level });
  }
  return {
    language: language as ParsedFile['language'],
    lineCount,
    doc,
    symbols: checkedSymbols,
    imports: checkedImports,
    names,
    outline,
    parseError,
  };
}

function checkSymbol(value: Json, lineCount: number, symbolCount: number): CodeSymbol | undefined {
  if (!isObject(value)) return undefined;
  const { kind, name, startLine, endLine, signature, doc, members, names, attributes } = value;
  if (typeof kind !== 'string' || !KINDS.has(kind) || !isString(name, 4096) || name === '') return undefined;
  if (!isCount(startLine, lineCount) || !isCount(endLine, lineCount) || startLine < 1 || endLine < startLine) return undefined;
  if (!isString(signature) || !isString(doc) || !isCounts(members, symbolCount - 1) || !isStrings(names) || !isStrings(attributes)) {
    return undefined;
  }
  return { kind: kind as CodeSymbol['kind'], name, startLine, endLine, signature, doc, members, names, attributes };
}

/** Reference lists of `nodeCount` nodes: ascending ids of other nodes, each below `nodeCount`. */
export function checkReferences(value: Json, nodeCount: number): number[][] | undefined {
  if (!Array.isArray(value) || value.length !== nodeCount) return undefined;
  for (let id = 0; id < nodeCount; id += 1) {
    const targets: Json = value[id];
    if (!Array.isArray(targets)) return undefined;
    let previous = -1;
    for (const target of targets) {
      if (!Number.isInteger(target) || target <= previous || target >= nodeCount || target === id) return undefined;
      previous = target as number;
    }
  }
  return value as number[][];
}
