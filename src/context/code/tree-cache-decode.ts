import type { FileOutline, NumberList, ParsedFile, SymbolOutline } from './code-model.js';
import {
  FILE_FIELDS,
  KINDS,
  MAX_COUNT,
  MAX_LINES,
  MAX_NAME,
  MAX_SEARCH_TEXT,
  MAX_STRING,
  SYMBOL_FIELDS,
  TREE_CACHE_VERSION,
  type KeptSearchIndex,
  type TreeCacheData,
} from './tree-cache-format.js';
import { IndexDamaged } from '../../search/search-engine.js';
import { referenceListsFault, type ReferenceLists } from '../assembly/reference-lists.js';
import type { CheckedFileOptions } from '../../limits/checked-file.js';
import { CacheInvalid, check, decodeSections, openSections, type SectionReader, type TextColumn } from './tree-cache-sections.js';
import { checkFileUses, isParseKey, isTreePath, type CachedFileStat } from './tree-cache-shape.js';
import { treeHashOf } from './tree-hash.js';

/**
 * The cache file read back for `root`, every value checked before it is used: paths relative and inside
 * the root, keys of the right form and distinct, line numbers within their file, member and edge ids within
 * range, strings within bounds. Throws CacheInvalid for a file that fails any check.
 */
export function decodeTreeCache(file: Buffer, root: string): TreeCacheData {
  return decodeSectionsFor(decodeSections(file, TREE_CACHE_VERSION), root);
}

/** The cache file at `file` for `root`, read as far as a call needs it and checked as `decodeTreeCache` checks. */
export function readTreeCache(file: string, root: string, options: CheckedFileOptions): TreeCacheData {
  return decodeSectionsFor(openSections(file, TREE_CACHE_VERSION, options), root);
}

function decodeSectionsFor(reader: SectionReader, root: string): TreeCacheData {
  const { header } = reader;
  check(header.root === root, 'another root');
  const { checkedAt, maxFileBytes, treeHash, counts } = header;
  check(typeof checkedAt === 'number' && Number.isFinite(checkedAt), 'checkedAt');
  check(Number.isSafeInteger(maxFileBytes), 'maxFileBytes');
  check(typeof treeHash === 'string' && /^[0-9a-f]{64}$/.test(treeHash), 'treeHash');
  check(typeof counts === 'object' && counts !== null, 'counts');
  const count = (name: string): number => {
    const value = (counts as Record<string, unknown>)[name];
    check(Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= MAX_COUNT, `count of ${name}`);
    return value as number;
  };

  // Everything a warm request reads whole, in one read: every section but the search index (read a part at a
  // time, see below), the search texts and the names files use, written last.
  reader.holdBefore('searchIndex');
  const keys = reader.text('keys', count('keys'));
  const outlines = decodeOutlines(reader, keys, count);
  const keyList = [...outlines.keys()];
  const stats = decodeStats(reader, count('paths'), keyList);
  // The graph and texts were kept for the files these stats serve: their hash and node count must agree, so
  // a matching tree hash is all a reader checks before using them.
  const served: { file: string; key: string }[] = [];
  let nodes = 0;
  for (const { path, key } of stats.values()) {
    if (key === null) continue;
    served.push({ file: path, key });
    nodes += 1 + outlines.get(key)!.symbols.length;
  }
  check(treeHashOf(served) === treeHash && count('nodes') === nodes, 'graph kept for another tree');
  // Views of the file's bytes, checked in place: a warm request hops over a few nodes' lists of thousands.
  const references: ReferenceLists = { ends: reader.u32('edgeEnds', nodes), targets: reader.u32('edges', count('edges')) };
  check(referenceListsFault(references, nodes) === undefined, 'edges');
  // As many edges back as forward, each list sound: what reads them stays within the graph.
  const referredBy: ReferenceLists = { ends: reader.u32('backEnds', nodes), targets: reader.u32('backEdges', references.targets.length) };
  check(referenceListsFault(referredBy, nodes) === undefined, 'edges back');
  const nodeKeys = reader.text('nodeKeys', nodes);
  check(nodeKeys.longest <= MAX_NODE_KEY && (nodes === 0 || nodeKeys.shortest > 0), 'node key empty or too long');
  // Read, checked and cut from the column when first asked for: a request ranked from the kept index never reads them.
  let searchTexts: string[] | undefined;
  const readSearchTexts = (): string[] => {
    const texts = reader.text('searchTexts', nodes);
    check(texts.longest <= MAX_SEARCH_TEXT, 'search text too long');
    return Array.from({ length: nodes }, (_, index) => texts.at(index));
  };
  const { searchIndexFormat } = header;
  const formatNamed = typeof searchIndexFormat === 'string' && searchIndexFormat.length <= MAX_NAME;
  check(searchIndexFormat === null || formatNamed, 'search index format');
  // The bytes are the format's to check when the index is opened (`PersistedIndexFormat` trusts nothing).
  const searchIndex = searchIndexFormat === null ? undefined : keptSearchIndex(reader, searchIndexFormat);
  let full: Map<string, ParsedFile> | undefined;
  return {
    checkedAt,
    maxFileBytes: maxFileBytes as number,
    stats,
    outlines,
    // The names files use (a third of the file) are decoded on the first full parse asked for, which a
    // warm request never asks for; a section that fails its checks then gives none (they are parsed again).
    parsed: (key) => (full ??= decodeUses(usesTextOf(reader), keyList, outlines)).get(key),
    treeHash,
    references,
    referredBy,
    nodeKeys,
    get searchTexts() {
      return (searchTexts ??= readSearchTexts());
    },
    ...(searchIndex ? { searchIndex } : {}),
  };
}

/**
 * The kept index, read whole when its bytes are asked for (a write copies them), else a part at a time: a
 * query reads the index's head and the postings of its own terms, a few blocks of a section of a megabyte.
 */
function keptSearchIndex(reader: SectionReader, format: string): KeptSearchIndex {
  const byteLength = reader.sectionLength('searchIndex');
  return {
    format,
    get bytes() {
      return reader.bytes('searchIndex');
    },
    source: {
      byteLength,
      read: (offset, length) => {
        try {
          return reader.range('searchIndex', offset, length);
        } catch (error) {
          // A block that fails its checksum mid-query: the tiers answer from the texts instead (see ContextTiers.searching).
          if (error instanceof CacheInvalid) throw new IndexDamaged(`The code cache's search index: ${error.message}`, { cause: error });
          throw error;
        }
      },
    },
  };
}

function decodeStats(reader: SectionReader, count: number, keys: readonly string[]): Map<string, CachedFileStat> {
  const paths = reader.text('paths', count);
  check(paths.longest <= MAX_NAME, 'path too long');
  const numbers = reader.f64('stats', count * 3);
  const fileKeys = reader.u32('fileKeys', count);
  const stats = new Map<string, CachedFileStat>();
  for (let index = 0; index < count; index += 1) {
    const path = paths.at(index);
    const size = numbers[index * 3]!;
    const mtimeMs = numbers[index * 3 + 1]!;
    const ino = numbers[index * 3 + 2]!;
    const keyIndex = fileKeys[index]!;
    check(isTreePath(path) && !stats.has(path), 'path');
    check(isCount(size, Number.MAX_SAFE_INTEGER) && Number.isFinite(mtimeMs) && isCount(ino, Number.MAX_SAFE_INTEGER), 'stat');
    check(keyIndex <= keys.length, 'file key');
    stats.set(path, { path, size, mtimeMs, ino, key: keyIndex === 0 ? null : keys[keyIndex - 1]! });
  }
  return stats;
}

function decodeOutlines(reader: SectionReader, keys: TextColumn, count: (name: string) => number): Map<string, FileOutline> {
  const fileCount = keys.length;
  const symbolCount = count('symbols');
  const files = reader.u32('files', fileCount * FILE_FIELDS);
  const docs = reader.text('docs', fileCount);
  const symbols = reader.u32('symbols', symbolCount * SYMBOL_FIELDS);
  const names = reader.text('names', symbolCount);
  const signatures = reader.text('signatures', symbolCount);
  const symbolDocs = reader.text('symbolDocs', symbolCount);
  const members = reader.u32('members', count('members'));
  const outline = reader.u32('outline', count('outline'));
  check(docs.longest <= MAX_STRING && signatures.longest <= MAX_STRING && symbolDocs.longest <= MAX_STRING, 'text too long');
  check(names.longest <= MAX_NAME, 'name too long');
  const outlines = new Map<string, FileOutline>();
  let symbolAt = 0;
  let memberAt = 0;
  let outlineAt = 0;
  for (let index = 0; index < fileCount; index += 1) {
    const key = keys.at(index);
    check(isParseKey(key) && !outlines.has(key), 'key');
    const lineCount = files[index * FILE_FIELDS]!;
    const parseError = files[index * FILE_FIELDS + 1]!;
    const ownSymbols = files[index * FILE_FIELDS + 2]!;
    const ownOutline = files[index * FILE_FIELDS + 3]!;
    check(lineCount <= MAX_LINES && parseError <= 1, 'file');
    check(symbolAt + ownSymbols <= symbolCount && outlineAt + ownOutline <= outline.length, 'file past its columns');
    const fileSymbols: SymbolOutline[] = [];
    for (let own = 0; own < ownSymbols; own += 1, symbolAt += 1) {
      const at = symbolAt * SYMBOL_FIELDS;
      const kind = KINDS[symbols[at]!];
      const startLine = symbols[at + 1]!;
      const endLine = symbols[at + 2]!;
      const memberCount = symbols[at + 3]!;
      const name = names.at(symbolAt);
      check(kind !== undefined && name !== '', 'symbol');
      check(startLine >= 1 && endLine >= startLine && endLine <= lineCount, 'symbol lines');
      check(memberAt + memberCount <= members.length, 'members past their column');
      const ownMembers = viewBelow(members, memberAt, (memberAt += memberCount), ownSymbols);
      check(ownMembers !== undefined, 'member');
      fileSymbols.push({
        kind,
        name,
        startLine,
        endLine,
        signature: signatures.at(symbolAt),
        doc: symbolDocs.at(symbolAt),
        members: ownMembers,
      });
    }
    const lines = viewBelow(outline, outlineAt, (outlineAt += ownOutline), lineCount + 1);
    check(lines !== undefined, 'outline line');
    outlines.set(key, {
      language: key.slice(0, key.indexOf(':')) as FileOutline['language'],
      lineCount,
      doc: docs.at(index),
      symbols: fileSymbols,
      outline: lines,
      parseError: parseError === 1,
    });
  }
  check(symbolAt === symbolCount && memberAt === members.length && outlineAt === outline.length, 'columns not used up');
  return outlines;
}

function usesTextOf(reader: SectionReader): string | undefined {
  try {
    return reader.text('uses', 1).at(0);
  } catch (error) {
    if (error instanceof CacheInvalid) return undefined;
    throw error;
  }
}

/** The full parses the `uses` section completes; a section that fails its checks gives none (they are parsed again). */
function decodeUses(
  text: string | undefined,
  keys: readonly string[],
  outlines: ReadonlyMap<string, FileOutline>,
): Map<string, ParsedFile> {
  const full = new Map<string, ParsedFile>();
  if (text === undefined) return full;
  let uses: unknown;
  try {
    uses = JSON.parse(text);
  } catch {
    return full;
  }
  if (!Array.isArray(uses) || uses.length !== keys.length) return full;
  const entries: unknown[] = uses;
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index]!;
    const outline = outlines.get(key)!;
    if (entries[index] === null) continue;
    const checked = checkFileUses(entries[index], outline.symbols.length);
    if (!checked) return new Map();
    full.set(key, {
      ...outline,
      imports: checked.imports,
      names: checked.names,
      symbols: outline.symbols.map((symbol, own) => ({ ...symbol, ...checked.symbols[own]! })),
    });
  }
  return full;
}

const NONE: NumberList = Object.freeze([]);

/**
 * `values[start..end)` as a view of the column (no copy: a warm request renders a few definitions of
 * thousands), or undefined when one is not below `bound`. A plain indexed loop: this runs once per call, in
 * the interpreter, where a `for...of` allocates a result object per value.
 */
function viewBelow(values: Uint32Array, start: number, end: number, bound: number): NumberList | undefined {
  if (start === end) return NONE;
  for (let at = start; at < end; at += 1) if (values[at]! >= bound) return undefined;
  return values.subarray(start, end);
}

/** A key is a prefix and kind, a module name (from a path) and a definition's name. */
const MAX_NODE_KEY = 64 + 2 * MAX_NAME;

function isCount(value: number, max: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= max;
}
