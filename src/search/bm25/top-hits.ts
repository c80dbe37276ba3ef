import type { SearchHit } from '../search-engine.js';

const scoresOf = new WeakMap<object, Float64Array>();

/**
 * Zeroed scores for every document of `index` (its `size`), the same array for each of its queries (searches
 * are synchronous, and a query's hits are copied out of it): at 100,000 documents a new one was 800 KB of fresh
 * memory, and most of a query's time.
 */
export function reusedScores(index: { readonly size: number }): Float64Array {
  let scores = scoresOf.get(index);
  if (scores?.length === index.size) return scores.fill(0);
  scores = new Float64Array(index.size);
  scoresOf.set(index, scores);
  return scores;
}

/**
 * Hits with a score above 0, score descending, ties in document order; at most `topK`. With a small `topK`
 * a bounded min-heap keeps the best ones, so a query never sorts every matching document.
 */
export function topHits(scores: Float64Array, topK: number | undefined): SearchHit[] {
  const limit = topK === undefined ? Infinity : Math.max(0, Math.floor(topK));
  if (limit === 0) return [];
  if (limit >= scores.length) return sortAll(scores);
  const heapDocs = new Uint32Array(limit);
  const heapScores = new Float64Array(limit);
  let size = 0;
  // Documents arrive in ascending order, so among equal scores the earlier one is already in the heap and wins.
  for (let d = 0; d < scores.length; d += 1) {
    const score = scores[d]!;
    if (score <= 0) continue;
    if (size < limit) {
      let at = size++;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (!worse(score, d, heapScores[parent]!, heapDocs[parent]!)) break;
        heapScores[at] = heapScores[parent]!;
        heapDocs[at] = heapDocs[parent]!;
        at = parent;
      }
      heapScores[at] = score;
      heapDocs[at] = d;
    } else if (score > heapScores[0]!) {
      siftDown(heapScores, heapDocs, size, score, d);
    }
  }
  const hits: SearchHit[] = [];
  for (let i = 0; i < size; i += 1) hits.push({ index: heapDocs[i]!, score: heapScores[i]! });
  return hits.sort(byRank);
}

function sortAll(scores: Float64Array): SearchHit[] {
  const hits: SearchHit[] = [];
  for (let d = 0; d < scores.length; d += 1) if (scores[d]! > 0) hits.push({ index: d, score: scores[d]! });
  return hits.sort(byRank);
}

function byRank(a: SearchHit, b: SearchHit): number {
  return b.score - a.score || a.index - b.index;
}

/** Ranks below: a lower score, or the same score from a later document. The heap's root is the worst kept. */
function worse(scoreA: number, docA: number, scoreB: number, docB: number): boolean {
  return scoreA < scoreB || (scoreA === scoreB && docA > docB);
}

function siftDown(scores: Float64Array, docs: Uint32Array, size: number, score: number, doc: number): void {
  let at = 0;
  for (;;) {
    const left = 2 * at + 1;
    if (left >= size) break;
    const right = left + 1;
    const child = right < size && worse(scores[right]!, docs[right]!, scores[left]!, docs[left]!) ? right : left;
    if (!worse(scores[child]!, docs[child]!, score, doc)) break;
    scores[at] = scores[child]!;
    docs[at] = docs[child]!;
    at = child;
  }
  scores[at] = score;
  docs[at] = doc;
}
