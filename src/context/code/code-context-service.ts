import type { Tokenizer } from '../../tokenizer/tokenizer.js';
import type { CodeContext, CodeSnapshot } from './code-context-contract.js';
import { CodeGraph } from './code-graph.js';
import { findCodeRoot } from './code-root.js';
import { buildRepoMap, DEFAULT_MAP_BUDGET, type RepoMap, type RepoMapOptions } from './repo-map.js';
import { loadSourceTree, type SourceTreeOptions } from './source-tree.js';

export interface CodeContextServiceOptions extends SourceTreeOptions {
  readonly cwd: string;
  /** The tree to read (default: the nearest git work tree or directory holding `.edsl/`). */
  readonly root?: string;
  readonly tokenizer: Tokenizer;
}

/** Reads the source tree once per runtime and answers from that snapshot: the context source and the map. */
export class CodeContextService implements CodeContext {
  private loading?: Promise<CodeSnapshot | undefined>;

  constructor(private readonly options: CodeContextServiceOptions) {}

  load(): Promise<CodeSnapshot | undefined> {
    this.loading ??= (async () => {
      const root = findCodeRoot(this.options.cwd, this.options.root);
      if (!root) return undefined;
      const tree = await loadSourceTree(root, this.options);
      return { tree, graph: new CodeGraph(tree) };
    })();
    return this.loading;
  }

  async map(options: RepoMapOptions = {}): Promise<RepoMap> {
    const tokenBudget = options.tokenBudget ?? DEFAULT_MAP_BUDGET;
    const [snapshot, counter] = await Promise.all([this.load(), this.options.tokenizer.load()]);
    const stats = snapshot?.tree.stats ?? { files: 0, parsed: 0, cached: 0, degraded: 0, lines: 0 };
    if (!snapshot) return { root: null, map: '', tokens: 0, token_budget: tokenBudget, entries: [], files: stats, nodes: 0, edges: 0 };
    const { map, tokens, entries } = buildRepoMap(snapshot.graph, counter, tokenBudget);
    return {
      root: snapshot.tree.root,
      map,
      tokens,
      token_budget: tokenBudget,
      entries,
      files: stats,
      nodes: snapshot.graph.nodes.length,
      edges: snapshot.graph.references.reduce((sum, out) => sum + out.length, 0),
    };
  }
}
