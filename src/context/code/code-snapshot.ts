import type { CodeSnapshot } from './code-context-contract.js';
import { CodeGraph } from './code-graph.js';
import { codeSearchText } from './code-search-text.js';
import type { CodeRoot } from './code-root.js';
import { IndexDamaged, type PersistedIndexFormat, type SearchIndex } from '../../search/search-engine.js';
import { readSourceTree, startSourceListing, type SourceTree, type SourceTreeOptions } from './source-tree.js';
import { ListingCache } from './listing-cache.js';
import { TreeCache, type KeptSearchIndex, type TreeCacheData } from './tree-cache.js';
import { CacheInvalid } from './tree-cache-sections.js';
import { parseKeyOf } from './tree-cache-shape.js';
import type { ParsedFile } from './code-model.js';

export interface CodeSnapshotOptions extends SourceTreeOptions {
  /** Where the tree cache is kept; no cache when absent. */
  readonly cacheDir?: string;
}

/**
 * The tree, its reference graph and its nodes' search texts, from the cache as far as it still holds:
 * unchanged files (by stat) are neither read nor parsed, and the graph's edges and the search texts are
 * reused when the tree hash is the one they were kept for, in which case only the files' outlines are
 * decoded (not the names their code uses), and the search texts only when first asked for (a request
 * ranked from the kept index never asks). The cache is rewritten (atomically) only when something differs.
 */
export async function loadCodeSnapshot(root: CodeRoot, options: CodeSnapshotOptions = {}): Promise<CodeSnapshot> {
  const cache = options.cacheDir ? new TreeCache(options.cacheDir, root.dir) : undefined;
  const listing = startSourceListing(root, options, cache && new ListingCache(cache.stem));
  // One turn of the event loop first, so that in a git work tree `git ls-files` is started (and runs on the
  // other core) before the cache is read, which is synchronous.
  if (cache && !listing.kept) await new Promise((resolve) => setImmediate(resolve));
  const cached = cache?.read();
  const read = await readSourceTree(root, options, cached, (treeHash) => cached?.treeHash !== treeHash, listing);
  const { tree, parsed } = read;
  let kept: Omit<TreeCacheData, 'searchTexts'>;
  let graph: CodeGraph;
  let searchTexts: () => Promise<readonly string[]>;
  /** The index opened for each format asked for, so a second tier service of the runtime does not check it again. */
  const opened = new Map<string, Promise<SearchIndex | undefined>>();
  if (!parsed) {
    // The tree hash is the one the cache kept its graph for (the cache checked that both fit its files).
    graph = new CodeGraph(tree, { kept: cached!.references, keptBack: cached!.referredBy, keys: cached!.nodeKeys });
    const { searchIndex } = cached!;
    kept = { ...read.cache, ...keptGraph(tree, graph), ...(searchIndex ? { searchIndex } : {}) };
    // The search texts stay unread until a write or a text scan needs them.
    searchTexts = once(() => keptSearchTexts(cached!, tree, graph));
    if (cache && read.changed) await writeCache(cache, kept, searchTexts);
  } else {
    graph = new CodeGraph(tree, { parsed });
    const texts = searchTextsOf(tree, graph, (index) => parsed[index]!);
    searchTexts = () => Promise.resolve(texts);
    kept = { ...read.cache, ...keptGraph(tree, graph) };
    if (cache) await writeCache(cache, kept, searchTexts);
  }
  /** The index built from the search texts and kept with the tree (written with the cache). */
  const keepIndex = async (cache: TreeCache, format: PersistedIndexFormat): Promise<SearchIndex | undefined> => {
    const documents = (await searchTexts()).map((text) => ({ text }));
    const searchIndex: KeptSearchIndex = { format: format.format, bytes: format.encode(documents) };
    kept = { ...kept, searchIndex };
    await writeCache(cache, kept, searchTexts);
    return format.open(searchIndex.bytes);
  };
  return {
    tree,
    graph,
    searchTexts,
    searchIndex: (format) => {
      // Without a cache there is nowhere to keep it, and building it costs a call more than a scan of the texts.
      if (!cache) return Promise.resolve(undefined);
      let index = opened.get(format.format);
      if (!index) {
        index = (async () => {
          const current = kept.searchIndex?.format === format.format ? openKept(format, kept.searchIndex) : undefined;
          // One document per node: the count comes from the graph, so opening the index decodes no search text.
          if (current?.size === graph.size) return current;
          // Not kept in this format (or not readable): built once for this tree and kept with it.
          return keepIndex(cache, format);
        })();
        opened.set(format.format, index);
      }
      return index;
    },
    searchIndexDamaged: async (format) => {
      if (!cache) return;
      // Built again now, while the texts are read for the searches that follow.
      const rebuilt = keepIndex(cache, format);
      opened.set(format.format, rebuilt);
      await rebuilt;
    },
  };
}

/**
 * A kept index opened where it lies when the format can (a query reads its own terms' postings), else whole;
 * undefined when the part read now fails its checks (the index is then built again).
 */
function openKept(format: PersistedIndexFormat, kept: KeptSearchIndex): SearchIndex | undefined {
  try {
    return kept.source && format.openSource ? format.openSource(kept.source) : format.open(kept.bytes);
  } catch (error) {
    if (error instanceof IndexDamaged || error instanceof CacheInvalid) return undefined;
    throw error;
  }
}

/** What the cache keeps of the graph for the tree it was built for (its keys are the cache's own when read from it). */
function keptGraph(tree: SourceTree, graph: CodeGraph) {
  return {
    treeHash: tree.treeHash,
    references: graph.references,
    referredBy: graph.referredBy,
    nodeKeys: { length: graph.size, at: (id: number) => graph.keyOf(id) },
  };
}

/** Writes the cache (atomically); a cache that cannot be written (read-only home, full disk) only costs the next request the work. */
async function writeCache(cache: TreeCache, kept: Omit<TreeCacheData, 'searchTexts'>, searchTexts: () => Promise<readonly string[]>) {
  await cache.write({ ...kept, searchTexts: await searchTexts() }).catch(() => undefined);
}

/**
 * The search texts the cache kept; when their section fails its checks, made again from the files' full
 * parses: those the cache keeps (the names files use), else the files parsed again.
 */
async function keptSearchTexts(cached: TreeCacheData, tree: SourceTree, graph: CodeGraph): Promise<readonly string[]> {
  try {
    return cached.searchTexts;
  } catch (error) {
    if (!(error instanceof CacheInvalid)) throw error;
  }
  const files = tree.files.map((file) => cached.parsed(parseKeyOf(file.parsed.language, file.hash)));
  if (files.includes(undefined)) {
    const { SourceParser } = await import('./parse-source.js');
    const parser = new SourceParser();
    try {
      for (const [index, file] of tree.files.entries()) files[index] ??= await parser.parse(file.text, file.parsed.language);
    } finally {
      await parser.dispose();
    }
  }
  return searchTextsOf(tree, graph, (index) => files[index]!);
}

/** Each node's search text; a file's nodes are its module, then its definitions, in order. */
function searchTextsOf(tree: SourceTree, graph: CodeGraph, parsedOf: (file: number) => ParsedFile): string[] {
  const texts: string[] = [];
  tree.files.forEach((file, index) => {
    const parsed = parsedOf(index);
    for (let own = 0; own <= file.parsed.symbols.length; own += 1) texts.push(codeSearchText(graph.node(texts.length), parsed));
  });
  return texts;
}

/** `make`'s promise, made on the first call. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}
