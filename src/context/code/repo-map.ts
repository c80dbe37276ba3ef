import { personalisedPageRank } from '../assembly/page-rank.js';
import type { TokenCounter } from '../../tokenizer/tokenizer.js';
import type { MapFit } from './token-count-cache.js';
import type { CodeGraph, CodeNode } from './code-graph.js';
import { headerLine } from './code-rendering.js';
import type { SourceTreeStats } from './source-tree.js';

export interface RepoMapOptions {
  /** Tokens the map may use (default 1024, as aider's). */
  readonly tokenBudget?: number;
}

export interface RepoMapEntry {
  readonly key: string;
  readonly path: string;
  readonly lines: string;
  readonly rank: number;
}

export interface RepoMap {
  readonly root: string | null;
  readonly map: string;
  readonly tokens: number;
  readonly token_budget: number;
  readonly entries: readonly RepoMapEntry[];
  readonly files: SourceTreeStats;
  readonly nodes: number;
  readonly edges: number;
}

export const DEFAULT_MAP_BUDGET = 1024;

/** Where the map's token counts come from: a fit found earlier for the same tree and budget, else the tokenizer. */
export interface MapCounting {
  readonly known?: MapFit | undefined;
  counter(): Promise<TokenCounter>;
  learned(fit: MapFit): void;
}

/**
 * The repository map the way aider builds one: definitions ranked by PageRank over the reference graph
 * (a definition many others use ranks high), then the largest prefix of that ranking whose rendering fits
 * the budget, found by bisection (or known from an earlier build of the same tree at the same budget).
 * The rendering lists each file once, its chosen definitions' headers in line order, methods indented
 * under their class.
 */
export async function buildRepoMap(
  graph: CodeGraph,
  tokenBudget: number,
  counting: MapCounting,
): Promise<Pick<RepoMap, 'map' | 'tokens' | 'entries'>> {
  const { known } = counting;
  let chosen: { node: CodeNode; rank: number }[];
  let best: { map: string; tokens: number };
  if (known && fitsGraph(known, graph)) {
    // The same tree at the same budget: the prefix, its ranks and its tokens are known; no PageRank, no count.
    chosen = known.ids.map((id, index) => ({ node: graph.nodes[id]!, rank: known.ranks[index]! }));
    best = { map: renderMap(chosen.map(({ node }) => node)), tokens: known.tokens };
  } else {
    const ranks = personalisedPageRank(graph.references);
    const ranked = graph.nodes.filter((node) => node.symbol).sort((a, b) => ranks[b.id]! - ranks[a.id]! || a.id - b.id);
    // Nothing to rank renders nothing, which every tokenizer counts as 0 tokens: no tokenizer is loaded for it.
    const fit = ranked.length === 0 ? { map: '', tokens: 0, count: 0 } : bisect(ranked, tokenBudget, await counting.counter());
    chosen = ranked.slice(0, fit.count).map((node) => ({ node, rank: ranks[node.id]! }));
    best = fit;
    counting.learned({ ids: chosen.map(({ node }) => node.id), ranks: chosen.map(({ rank }) => rank), tokens: fit.tokens });
  }
  const entries = chosen.map(({ node, rank }) => ({
    key: node.key,
    path: node.file.path,
    lines: `${node.startLine}-${node.endLine}`,
    rank,
  }));
  return { map: best.map, tokens: best.tokens, entries };
}

/** A kept fit names definitions of this graph, each once. */
function fitsGraph(fit: MapFit, graph: CodeGraph): boolean {
  if (fit.ids.length !== fit.ranks.length || new Set(fit.ids).size !== fit.ids.length) return false;
  return fit.ids.every((id) => graph.nodes[id]?.symbol !== undefined);
}

function bisect(ranked: readonly CodeNode[], tokenBudget: number, counter: TokenCounter): { map: string; tokens: number; count: number } {
  let low = 0;
  let high = ranked.length;
  let best = { map: '', tokens: 0, count: 0 };
  while (low <= high) {
    const count = (low + high) >> 1;
    const map = renderMap(ranked.slice(0, count));
    const tokens = counter.count(map);
    if (tokens <= tokenBudget) {
      best = { map, tokens, count };
      low = count + 1;
    } else {
      high = count - 1;
    }
  }
  return best;
}

function renderMap(chosen: readonly CodeNode[]): string {
  const byFile = new Map<string, CodeNode[]>();
  for (const node of chosen) {
    const nodes = byFile.get(node.file.path);
    if (nodes) nodes.push(node);
    else byFile.set(node.file.path, [node]);
  }
  const blocks: string[] = [];
  for (const [file, nodes] of byFile) {
    nodes.sort((a, b) => a.id - b.id);
    blocks.push([`${file}:`, ...nodes.map((node) => `${node.kind === 'method' ? '    ' : ''}  ${headerLine(node.symbol!)}`)].join('\n'));
  }
  return blocks.length === 0 ? '' : `${blocks.join('\n\n')}\n`;
}
