import type { CodeSnapshot } from './code-context-contract.js';
import { CodeGraph } from './code-graph.js';
import { codeSearchText } from './code-search-text.js';
import type { CodeRoot } from './code-root.js';
import type { SearchIndex } from '../../search/search-engine.js';
import { readSourceTree, startSourceListing, type SourceTreeOptions } from './source-tree.js';
import { ListingCache } from './listing-cache.js';
import { TreeCache, type KeptSearchIndex, type TreeCacheData } from './tree-cache.js';

export interface CodeSnapshotOptions extends SourceTreeOptions {
  /** Where the tree cache is kept; no cache when absent. */
  readonly cacheDir?: string;
}

/**
 * The tree, its reference graph and its nodes' search texts, from the cache as far as it still holds:
 * unchanged files (by stat) are neither read nor parsed, and the graph's edges and the search texts are
 * reused when the tree hash is the one they were kept for, in which case only the files' outlines are
 * decoded (not the names their code uses). The cache is rewritten (atomically) only when something differs;
 * a cache that cannot be written (read-only home, full disk) only costs the next request the work.
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
  let kept: TreeCacheData;
  let graph: CodeGraph;
  /** The index opened for each format asked for, so a second tier service of the runtime does not check it again. */
  const opened = new Map<string, Promise<SearchIndex | undefined>>();
  if (!parsed) {
    // The tree hash is the one the cache kept its graph for (the cache checked that both fit its files).
    graph = new CodeGraph(tree, { kept: cached!.references });
    const { searchIndex } = cached!;
    // The search texts stay unread (a getter of the cache's) until a write or a text scan needs them.
    kept = {
      ...read.cache,
      treeHash: tree.treeHash,
      references: graph.references,
      get searchTexts() {
        return cached!.searchTexts;
      },
      ...(searchIndex ? { searchIndex } : {}),
    };
    if (cache && read.changed) await cache.write(kept).catch(() => undefined);
  } else {
    graph = new CodeGraph(tree, { parsed });
    // A file's nodes are its module, then its definitions, in order.
    const searchTexts: string[] = [];
    tree.files.forEach((file, index) => {
      for (let own = 0; own <= file.parsed.symbols.length; own += 1)
        searchTexts.push(codeSearchText(graph.nodes[searchTexts.length]!, parsed[index]!));
    });
    kept = { ...read.cache, treeHash: tree.treeHash, references: graph.references, searchTexts };
    if (cache) await cache.write(kept).catch(() => undefined);
  }
  return {
    tree,
    graph,
    get searchTexts() {
      return kept.searchTexts;
    },
    searchIndex: (format) => {
      // Without a cache there is nowhere to keep it, and building it costs a call more than a scan of the texts.
      if (!cache) return Promise.resolve(undefined);
      let index = opened.get(format.format);
      if (!index) {
        index = (async () => {
          const current = kept.searchIndex?.format === format.format ? format.open(kept.searchIndex.bytes) : undefined;
          // One document per node: the count comes from the graph, so opening the index decodes no search text.
          if (current?.size === graph.nodes.length) return current;
          // Not kept in this format (or not readable): built once for this tree and kept with it.
          const searchIndex: KeptSearchIndex = { format: format.format, bytes: format.encode(kept.searchTexts.map((text) => ({ text }))) };
          kept = { ...kept, searchIndex };
          await cache.write(kept).catch(() => undefined);
          return format.open(searchIndex.bytes);
        })();
        opened.set(format.format, index);
      }
      return index;
    },
  };
}
