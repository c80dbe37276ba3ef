import type { TokenCounter, Tokenizer } from '../../tokenizer/tokenizer.js';
import type { CodeContext, CodeSnapshot } from './code-context-contract.js';
import type { CodeNode } from './code-graph.js';
import { findCodeRoot } from './code-root.js';
import { loadCodeSnapshot, type CodeSnapshotOptions } from './code-snapshot.js';
import { buildRepoMap, DEFAULT_MAP_BUDGET, type RepoMap, type RepoMapOptions } from './repo-map.js';
import { fileKeyOf, TokenCountCache } from './token-count-cache.js';

export interface CodeContextServiceOptions extends CodeSnapshotOptions {
  readonly cwd: string;
  /** The tree to read (default: the nearest git work tree or directory holding `.edsl/`). */
  readonly root?: string;
  readonly tokenizer: Tokenizer;
}

/**
 * Reads the source tree once per runtime and answers from that snapshot: the context source and the map.
 * Token counts of rendered nodes are kept (per tokenizer) beside the tree cache, so an answer the cache
 * already knows never loads the tokenizer.
 */
export class CodeContextService implements CodeContext {
  private loading?: Promise<CodeSnapshot | undefined>;
  private counts?: TokenCountCache;

  constructor(private readonly options: CodeContextServiceOptions) {}

  load(): Promise<CodeSnapshot | undefined> {
    this.loading ??= (async () => {
      const root = findCodeRoot(this.options.cwd, this.options.root);
      if (!root) return undefined;
      const { cacheDir } = this.options;
      const counts = cacheDir ? new TokenCountCache(cacheDir, root.dir, this.options.tokenizer.name) : undefined;
      counts?.read();
      this.counts = counts;
      return loadCodeSnapshot(root, this.options);
    })();
    return this.loading;
  }

  /** A count made earlier for this node's rendering at `depth`, with this tokenizer. */
  knownTokens(node: CodeNode, depth: number): number | undefined {
    return this.counts?.get(node, depth);
  }

  rememberTokens(node: CodeNode, depth: number, tokens: number): void {
    this.counts?.set(node, depth, tokens);
  }

  async map(options: RepoMapOptions = {}): Promise<RepoMap> {
    const tokenBudget = options.tokenBudget ?? DEFAULT_MAP_BUDGET;
    const snapshot = await this.load();
    const stats = snapshot?.tree.stats ?? { files: 0, parsed: 0, cached: 0, degraded: 0, lines: 0 };
    if (!snapshot) return { root: null, map: '', tokens: 0, token_budget: tokenBudget, entries: [], files: stats, nodes: 0, edges: 0 };
    const { treeHash } = snapshot.tree;
    let counter: TokenCounter | undefined;
    const { map, tokens, entries } = await buildRepoMap(snapshot.graph, tokenBudget, {
      known: this.counts?.mapFit(treeHash, tokenBudget),
      counter: async () => (counter ??= await this.options.tokenizer.load()),
      learned: (fit) => this.counts?.setMapFit(treeHash, tokenBudget, fit),
    });
    return {
      root: snapshot.tree.root,
      map,
      tokens,
      token_budget: tokenBudget,
      entries,
      files: stats,
      nodes: snapshot.graph.size,
      edges: snapshot.graph.references.targets.length,
    };
  }

  /** Writes the token counts learned in this runtime (atomically); a failure only costs a later count. */
  async save(): Promise<void> {
    const snapshot = this.loading ? await this.loading.catch(() => undefined) : undefined;
    if (!snapshot || !this.counts) return;
    const current = new Set(snapshot.tree.files.map(fileKeyOf));
    await this.counts.save(current).catch(() => undefined);
  }
}
