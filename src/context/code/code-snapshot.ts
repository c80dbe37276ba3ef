import type { CodeSnapshot } from './code-context-contract.js';
import { CodeGraph } from './code-graph.js';
import { codeSearchText } from './code-search-text.js';
import type { CodeRoot } from './code-root.js';
import { readSourceTree, type SourceTreeOptions } from './source-tree.js';
import { TreeCache } from './tree-cache.js';

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
  const cached = cache?.read();
  const read = await readSourceTree(root, options, cached, (treeHash) => cached?.treeHash !== treeHash);
  const { tree, parsed } = read;
  if (!parsed) {
    // The tree hash is the one the cache kept its graph for (the cache checked that both fit its files).
    const graph = new CodeGraph(tree, { kept: cached!.references });
    if (cache && read.changed)
      await cache
        .write({ ...read.cache, treeHash: tree.treeHash, references: graph.references, searchTexts: cached!.searchTexts })
        .catch(() => undefined);
    return { tree, graph, searchTexts: cached!.searchTexts };
  }
  const graph = new CodeGraph(tree, { parsed });
  // A file's nodes are its module, then its definitions, in order.
  const searchTexts: string[] = [];
  tree.files.forEach((file, index) => {
    for (let own = 0; own <= file.parsed.symbols.length; own += 1)
      searchTexts.push(codeSearchText(graph.nodes[searchTexts.length]!, parsed[index]!));
  });
  if (cache)
    await cache.write({ ...read.cache, treeHash: tree.treeHash, references: graph.references, searchTexts }).catch(() => undefined);
  return { tree, graph, searchTexts };
}
