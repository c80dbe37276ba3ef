import type { SearchDocument, SearchHit } from '../search-engine.js';
import { isBoundary, tokenize } from '../tokenize.js';
import { BM25_K1, bm25LengthNorm } from './bm25-index.js';
import { topHits } from './top-hits.js';

/** Above this many (document, distinct query term) cells the caller builds a real index instead. */
const MAX_CELLS = 1 << 23;

/**
 * BM25 for one query, equal to building a `Bm25Index` over the same documents and searching it: the same
 * idf, length normalisation, accumulation order and tie-breaking, so the same hits with the same scores.
 *
 * An index must intern every token of every document (a string and a map lookup each); one query only
 * needs each document's length and the counts of its own terms, so this scans the text once and compares
 * tokens in place against the few query terms, creating no token strings at all. Undefined when the query
 * has so many distinct terms that the per-term counts would be large; the caller then builds the index.
 */
export function searchOnceBm25(
  documents: readonly SearchDocument[],
  query: string,
  fields: readonly string[] | undefined,
  topK: number | undefined,
): SearchHit[] | undefined {
  const queryTokens = tokenize(query);
  const n = documents.length;
  if (n === 0 || queryTokens.length === 0) return [];
  const slots = new Map<string, number>();
  for (const token of queryTokens) if (!slots.has(token)) slots.set(token, slots.size);
  const terms = [...slots.keys()];
  const width = terms.length;
  if (n * width > MAX_CELLS) return undefined;
  // Query terms by length, so most document tokens are dismissed by their length alone.
  const byLength: number[][] = [];
  for (let q = 0; q < width; q += 1) (byLength[terms[q]!.length] ??= []).push(q);

  const lengths = new Uint32Array(n);
  const tf = new Uint32Array(n * width);
  let totalTokens = 0;
  for (let d = 0; d < n; d += 1) {
    const document = documents[d]!;
    let length = 0;
    const row = d * width;
    const names = fields ?? Object.keys(document);
    // Indexed loops throughout: this runs once per process, mostly before the JIT optimises it, and an
    // iterator allocates a result object per step until then.
    for (let f = 0; f < names.length; f += 1) {
      const text = document[names[f]!];
      if (!text) continue;
      const lower = text.toLowerCase();
      let start = -1;
      for (let i = 0; i <= lower.length; i += 1) {
        if (i < lower.length && !isBoundary(lower.charCodeAt(i))) {
          if (start < 0) start = i;
          continue;
        }
        if (start < 0) continue;
        length += 1;
        const candidates = byLength[i - start];
        if (candidates) {
          for (let c = 0; c < candidates.length; c += 1) {
            const q = candidates[c]!;
            if (sameToken(lower, start, terms[q]!)) {
              tf[row + q] = tf[row + q]! + 1;
              break;
            }
          }
        }
        start = -1;
      }
    }
    lengths[d] = length;
    totalTokens += length;
  }

  const df = new Uint32Array(width);
  for (let d = 0; d < n; d += 1) for (let q = 0; q < width; q += 1) if (tf[d * width + q]! > 0) df[q] = df[q]! + 1;
  const avgdl = totalTokens / n;
  const lengthNorm = new Float64Array(n);
  for (let d = 0; d < n; d += 1) lengthNorm[d] = bm25LengthNorm(lengths[d]!, avgdl);

  const scores = new Float64Array(n);
  let any = false;
  // Query tokens in order, a repeated one counting again, exactly as the index accumulates them.
  for (const token of queryTokens) {
    const q = slots.get(token)!;
    if (df[q] === 0) continue;
    any = true;
    const idf = Math.log((n - df[q]! + 0.5) / (df[q]! + 0.5) + 1);
    for (let d = 0; d < n; d += 1) {
      const count = tf[d * width + q]!;
      if (count > 0) scores[d]! += idf * ((count * (BM25_K1 + 1)) / (count + lengthNorm[d]!));
    }
  }
  return any ? topHits(scores, topK) : [];
}

function sameToken(text: string, start: number, term: string): boolean {
  for (let k = 0; k < term.length; k += 1) if (text.charCodeAt(start + k) !== term.charCodeAt(k)) return false;
  return true;
}
