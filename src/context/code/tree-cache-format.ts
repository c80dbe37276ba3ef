import type { ReferenceLists } from '../assembly/reference-lists.js';
import type { FileOutline, ParsedFile, SymbolKind } from './code-model.js';
import type { IndexByteSource } from '../../search/search-engine.js';
import { SectionWriter } from './tree-cache-sections.js';
import type { CachedFileStat, FileUses } from './tree-cache-shape.js';

/** Bumped whenever what is cached changes shape or meaning (parsing, the graph), so older files are never read. */
export const TREE_CACHE_VERSION = 8;

/** What one source tree's cache holds; what a read gives back and what a write is given. */
export interface TreeCacheData {
  /** When the files were last stat-checked: a file modified within the same clock tick must be hashed again. */
  readonly checkedAt: number;
  /** The size limit the files were read with: a file skipped as too large under one limit may be served under another. */
  readonly maxFileBytes: number;
  /** Every listed file as last seen, by path. */
  readonly stats: ReadonlyMap<string, CachedFileStat>;
  /** Parsed files' outlines by `language:sha256`: a file moved or copied is still a hit. */
  readonly outlines: ReadonlyMap<string, FileOutline>;
  /**
   * The full parse under a key of `outlines` (its outline and the names its code uses), when the cache holds
   * it; a read decodes these on the first call only, which a warm request never makes.
   */
  readonly parsed: (key: string) => ParsedFile | undefined;
  /** The tree hash the graph below was built for. */
  readonly treeHash: string;
  /** The reference graph's edges for that tree: per node, ascending ids of other nodes, each below their count. */
  readonly references: ReferenceLists;
  /** The same edges reversed (`reverseReferences`): what a focus's neighbours read, kept so no request reverses every edge. */
  readonly referredBy: ReferenceLists;
  /**
   * Each node's key for that tree, by id (`uko-py:class/pkg.auth.AuthManager`): read back as one text with each
   * key a slice of it, so a request that matches a focus against every key builds none.
   */
  readonly nodeKeys: NodeKeys;
  /**
   * Each node's search text for that tree, one per node. A cache read gives them on first access, which
   * throws CacheInvalid when their section fails its checks (a request ranked from the kept index never
   * reads them, so damage there is found only by a call that needs them).
   */
  readonly searchTexts: readonly string[];
  /**
   * The nodes' search index for that tree (document i is node i's search text) in a search engine's kept
   * format, when one was asked for: a warm request then ranks from its postings instead of scanning the texts.
   */
  readonly searchIndex?: KeptSearchIndex;
}

/** Strings by position. */
export interface NodeKeys {
  readonly length: number;
  at(index: number): string;
}

/** An index as a `PersistedIndexFormat` encoded it, under that format's name. */
export interface KeptSearchIndex {
  readonly format: string;
  /** All of its bytes (from a cache file, read and checked when asked for: CacheInvalid when they fail). */
  readonly bytes: Uint8Array;
  /**
   * From a cache file: the bytes as the format's `openSource` reads them, a range at a time, each block checked
   * when first read (IndexDamaged when one fails), so a query reads the postings of its own terms only.
   */
  readonly source?: IndexByteSource;
}

export const KINDS: readonly SymbolKind[] = ['class', 'interface', 'type', 'function', 'method'];
export const MAX_LINES = 10_000_000;
export const MAX_STRING = 1_000_000;
export const MAX_NAME = 4096;
export const MAX_COUNT = 10_000_000;
export const MAX_SEARCH_TEXT = 4 * 2 ** 20;
/** Per file in `files`: line count, parse error (0 or 1), symbol count, outline line count. */
export const FILE_FIELDS = 4;
/** Per symbol in `symbols`: kind, start line, end line, member count. */
export const SYMBOL_FIELDS = 4;

/**
 * The cache file's bytes. Sections: `paths` with `stats` (size, mtimeMs, ino as f64) and `fileKeys` (the
 * index into `keys` plus one, 0 for a skipped file); `keys` with `files`, `docs` and the symbol columns
 * (`symbols`, `names`, `signatures`, `symbolDocs`, `members`), the files' symbols and outline lines
 * following one another in key order; the graph's `edgeEnds` and `edges`, the same reversed (`backEnds`,
 * `backEdges`), and its `nodeKeys`; `searchIndex` (the bytes of the
 * index, when kept; the header names its format); `searchTexts`, which a request ranked from the kept index
 * never reads; `uses` (JSON: per key, the names its code uses, or null), which only a request that parses a
 * file again reads.
 */
export function encodeTreeCache(data: TreeCacheData, root: string): Buffer {
  const writer = new SectionWriter();
  const paths = [...data.stats.keys()];
  const keys = [...data.outlines.keys()];
  const keyIndex = new Map(keys.map((key, index) => [key, index]));
  const stats: number[] = [];
  for (const stat of data.stats.values()) stats.push(stat.size, stat.mtimeMs, stat.ino);
  writer.text('paths', paths);
  writer.f64('stats', stats);
  writer.u32(
    'fileKeys',
    [...data.stats.values()].map((stat) => (stat.key === null ? 0 : keyIndex.get(stat.key)! + 1)),
  );

  const files: number[] = [];
  const docs: string[] = [];
  const symbols: number[] = [];
  const names: string[] = [];
  const signatures: string[] = [];
  const symbolDocs: string[] = [];
  const members: number[] = [];
  const outline: number[] = [];
  const uses: (FileUses | null)[] = [];
  for (const key of keys) {
    const file = data.outlines.get(key)!;
    files.push(file.lineCount, file.parseError ? 1 : 0, file.symbols.length, file.outline.length);
    docs.push(file.doc);
    for (const symbol of file.symbols) {
      symbols.push(KINDS.indexOf(symbol.kind), symbol.startLine, symbol.endLine, symbol.members.length);
      names.push(symbol.name);
      signatures.push(symbol.signature);
      symbolDocs.push(symbol.doc);
      members.push(...symbol.members);
    }
    outline.push(...file.outline);
    const full = data.parsed(key);
    uses.push(
      full
        ? {
            names: full.names,
            imports: full.imports,
            symbols: full.symbols.map((symbol) => ({ names: symbol.names, attributes: symbol.attributes })),
          }
        : null,
    );
  }
  writer.text('keys', keys);
  writer.u32('files', files);
  writer.text('docs', docs);
  writer.u32('symbols', symbols);
  writer.text('names', names);
  writer.text('signatures', signatures);
  writer.text('symbolDocs', symbolDocs);
  writer.u32('members', members);
  writer.u32('outline', outline);

  writer.u32('edgeEnds', data.references.ends);
  writer.u32('edges', data.references.targets);
  writer.u32('backEnds', data.referredBy.ends);
  writer.u32('backEdges', data.referredBy.targets);
  writer.text(
    'nodeKeys',
    Array.from({ length: data.nodeKeys.length }, (_, id) => data.nodeKeys.at(id)),
  );
  if (data.searchIndex) writer.bytes('searchIndex', data.searchIndex.bytes);
  // After every section a warm request reads: it reads those in one run, and these two only when it must
  // search the texts or rebuild the graph.
  writer.text('searchTexts', data.searchTexts);
  writer.text('uses', [JSON.stringify(uses)]);

  const counts = {
    paths: paths.length,
    keys: keys.length,
    symbols: names.length,
    members: members.length,
    outline: outline.length,
    nodes: data.references.ends.length,
    edges: data.references.targets.length,
  };
  return writer.finish(TREE_CACHE_VERSION, {
    root,
    checkedAt: data.checkedAt,
    maxFileBytes: data.maxFileBytes,
    treeHash: data.treeHash,
    searchIndexFormat: data.searchIndex?.format ?? null,
    counts,
  });
}
