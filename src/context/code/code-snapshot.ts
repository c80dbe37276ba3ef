import type { CodeSnapshot } from './code-context-contract.js';
import { CodeGraph } from './code-graph.js';
import { codeSearchText } from './code-search-text.js';
import type { CodeRoot } from './code-root.js';
import { readSourceTree, type SourceTreeOptions } from './source-tree.js';
import { cachedReferences, cachedSearchTexts, TreeCache } from './tree-cache.js';

export interface CodeSnapshotOptions extends SourceTreeOptions {
  /** Where the tree cache is kept; no cache when absent. */
  readonly cacheDir?: string;
}

/**
 * The tree, its reference graph and its nodes' search texts, from the cache as far as it still holds:
 * unchanged files (by stat) are neither read nor parsed, and the graph's edges and the search texts are
 * reused when the tree hash is the one they were built for. The
 * cache is rewritten (atomically) only when something differs; a cache that cannot be written (read-only
 * home, full disk) only costs the next request the work.
 */
export async function loadCodeSnapshot(root: CodeRoot, options: CodeSnapshotOptions = {}): Promise<CodeSnapshot> {
  const cache = options.cacheDir ? new TreeCache(options.cacheDir, root.dir) : undefined;
  const cached = await cache?.read();
  const { tree, cache: next, changed } = await readSourceTree(root, options, cached);
  const graph = new CodeGraph(tree, (nodeCount) => cachedReferences(cached, tree.treeHash, nodeCount));
  const keptTexts = cachedSearchTexts(cached, tree.treeHash, graph.nodes.length);
  const searchTexts = keptTexts ?? graph.nodes.map(codeSearchText);
  const graphReused = cached !== undefined && graph.references === cached.references && keptTexts !== undefined;
  if (cache && (changed || !graphReused)) {
    await cache.write({ ...next, treeHash: tree.treeHash, references: graph.references, searchTexts }).catch(() => undefined);
  }
  return { tree, graph, searchTexts };
}
