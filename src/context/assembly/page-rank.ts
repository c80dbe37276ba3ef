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
 */
export function personalisedPageRank(
  edges: ArrayLike<ArrayLike<number>>,
  personalisation?: ArrayLike<number>,
  options: PageRankOptions = {},
): Float64Array {
  const n = edges.length;
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
    let dangling = 0;
    for (let i = 0; i < n; i += 1) {
      const out = edges[i]!;
      if (out.length === 0) {
        dangling += rank[i]!;
        continue;
      }
      const share = (damping * rank[i]!) / out.length;
      for (let k = 0; k < out.length; k += 1) next[out[k]!]! += share;
    }
    const jump = 1 - damping + damping * dangling;
    let change = 0;
    for (let i = 0; i < n; i += 1) {
      next[i]! += jump * seed[i]!;
      change += Math.abs(next[i]! - rank[i]!);
    }
    [rank, next] = [next, rank];
    if (change < tolerance) break;
  }
  return rank;
}
