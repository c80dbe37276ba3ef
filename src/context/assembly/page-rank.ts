import type { ReferenceLists } from './reference-lists.js';

export interface PageRankOptions {
  /** The probability of following an edge rather than jumping back to the personalisation (default 0.85). */
  readonly damping?: number;
  readonly iterations?: number;
  /** Stops once the total change of one iteration is below this (default 1e-9). */
  readonly tolerance?: number;
}

/**
 * PageRank over a graph given as out-edge lists, personalised: random jumps land on nodes in proportion to
 * `personalisation` (uniformly when it is absent or all zero), and rank that would leak out of nodes without
 * edges goes the same way. This is how aider ranks its repo map, with the chat's identifiers as the seed;
 * here the seed is the search scores of the request's purpose or query. Returns ranks summing to 1.
 *
 * The edges come packed (node i's are `targets[ends[i - 1] .. ends[i]]`): a CLI call ranks thousands of
 * nodes fifty times over in code not yet optimised, where one typed array is read several times faster than
 * an array per node. Each step is a function of its own, which V8 optimises after a few calls, sooner than
 * the loop around them (about a quarter less time in a fresh process).
 */
export function personalisedPageRank(
  edges: ReferenceLists,
  personalisation?: ArrayLike<number>,
  options: PageRankOptions = {},
): Float64Array {
  const n = edges.ends.length;
  const damping = options.damping ?? 0.85;
  const iterations = options.iterations ?? 50;
  const tolerance = options.tolerance ?? 1e-9;
  const seed = new Float64Array(n);
  let seedTotal = 0;
  if (personalisation) for (let i = 0; i < n; i += 1) seedTotal += seed[i] = Math.max(0, personalisation[i] ?? 0);
  if (seedTotal === 0) seed.fill(1 / Math.max(1, n));
  else for (let i = 0; i < n; i += 1) seed[i]! /= seedTotal;
  let rank = Float64Array.from(seed);
  let next = new Float64Array(n);
  for (let iteration = 0; iteration < iterations; iteration += 1) {
    next.fill(0);
    const dangling = spread(edges, rank, next, damping);
    const change = settle(next, rank, seed, 1 - damping + damping * dangling);
    [rank, next] = [next, rank];
    if (change < tolerance) break;
  }
  return rank;
}

/** One step's walk along the edges: each node's rank, damped, shared among its out-edges; the rank of nodes without any. */
function spread({ ends, targets }: ReferenceLists, rank: Float64Array, next: Float64Array, damping: number): number {
  let dangling = 0;
  let start = 0;
  for (let i = 0; i < ends.length; i += 1) {
    const end = ends[i]!;
    if (end === start) {
      dangling += rank[i]!;
      continue;
    }
    const share = (damping * rank[i]!) / (end - start);
    for (let k = start; k < end; k += 1) next[targets[k]!]! += share;
    start = end;
  }
  return dangling;
}

/** One step's jumps back to the seed, added to `next`; the step's total change. */
function settle(next: Float64Array, rank: Float64Array, seed: Float64Array, jump: number): number {
  let change = 0;
  for (let i = 0; i < next.length; i += 1) {
    next[i]! += jump * seed[i]!;
    change += Math.abs(next[i]! - rank[i]!);
  }
  return change;
}
