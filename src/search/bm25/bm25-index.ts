import type { SearchHit, SearchIndex, SearchQueryOptions } from '../search-engine.js';
import { tokenize } from '../tokenize.js';

export const BM25_K1 = 1.5;
export const BM25_B = 0.75;

/**
 * BM25Okapi exactly as EDSL computes it (k1 = 1.5, b = 0.75, idf = ln((N - df + 0.5) / (df + 0.5) + 1), no
 * epsilon floor; a repeated query token counts again; unknown tokens add nothing).
 *
 * Built once from tokenized documents into integer term ids and a compressed postings layout (CSR: one
 * offsets array, one doc-id array, one term-frequency array), so a query touches only the postings of its
 * own terms and never rescans the corpus.
 */
export class Bm25Index implements SearchIndex {
  readonly size: number;
  private readonly termIds = new Map<string, number>();
  private readonly offsets: Uint32Array;
  private readonly postingDocs: Uint32Array;
  private readonly postingTfs: Uint32Array;
  private readonly idf: Float64Array;
  /** k1 * (1 - b + b * |d| / avgdl), precomputed per document. */
  private readonly lengthNorm: Float64Array;

  constructor(documents: readonly (readonly string[])[]) {
    const n = documents.length;
    this.size = n;
    const docTerms: Uint32Array[] = new Array(n);
    const lengths = new Uint32Array(n);
    let totalLength = 0;
    for (let d = 0; d < n; d += 1) {
      const tokens = documents[d]!;
      const ids = new Uint32Array(tokens.length);
      for (let i = 0; i < tokens.length; i += 1) {
        let id = this.termIds.get(tokens[i]!);
        if (id === undefined) {
          id = this.termIds.size;
          this.termIds.set(tokens[i]!, id);
        }
        ids[i] = id;
      }
      ids.sort();
      docTerms[d] = ids;
      lengths[d] = tokens.length;
      totalLength += tokens.length;
    }
    const vocabulary = this.termIds.size;
    const df = new Uint32Array(vocabulary);
    for (const ids of docTerms) {
      for (let i = 0; i < ids.length; i += 1) if (i === 0 || ids[i] !== ids[i - 1]) df[ids[i]!] += 1;
    }
    this.offsets = new Uint32Array(vocabulary + 1);
    for (let t = 0; t < vocabulary; t += 1) this.offsets[t + 1] = this.offsets[t]! + df[t]!;
    const postings = this.offsets[vocabulary]!;
    this.postingDocs = new Uint32Array(postings);
    this.postingTfs = new Uint32Array(postings);
    const cursor = this.offsets.slice(0, vocabulary);
    for (let d = 0; d < n; d += 1) {
      const ids = docTerms[d]!;
      for (let i = 0; i < ids.length;) {
        const term = ids[i]!;
        let j = i + 1;
        while (j < ids.length && ids[j] === term) j += 1;
        const at = cursor[term]!;
        this.postingDocs[at] = d;
        this.postingTfs[at] = j - i;
        cursor[term] = at + 1;
        i = j;
      }
    }
    this.idf = new Float64Array(vocabulary);
    for (let t = 0; t < vocabulary; t += 1) this.idf[t] = Math.log((n - df[t]! + 0.5) / (df[t]! + 0.5) + 1);
    const avgdl = n === 0 ? 0 : totalLength / n;
    this.lengthNorm = new Float64Array(n);
    for (let d = 0; d < n; d += 1) {
      this.lengthNorm[d] = BM25_K1 * (1 - BM25_B + (avgdl === 0 ? 0 : (BM25_B * lengths[d]!) / avgdl));
    }
  }

  /** Raw scores for every document, in document order (EDSL's `get_scores`). */
  scores(queryTokens: readonly string[]): Float64Array {
    const scores = new Float64Array(this.size);
    this.accumulate(queryTokens, scores);
    return scores;
  }

  search(query: string, options: SearchQueryOptions = {}): SearchHit[] {
    return this.searchTokens(tokenize(query), options);
  }

  searchTokens(queryTokens: readonly string[], options: SearchQueryOptions = {}): SearchHit[] {
    if (this.size === 0) return [];
    const scores = new Float64Array(this.size);
    const touched = this.accumulate(queryTokens, scores);
    const hits: SearchHit[] = [];
    for (const d of touched) if (scores[d]! > 0) hits.push({ index: d, score: scores[d]! });
    hits.sort((a, b) => b.score - a.score || a.index - b.index);
    return options.topK === undefined ? hits : hits.slice(0, Math.max(0, options.topK));
  }

  /** Adds each query token's contribution (repeats count again); returns the documents touched, ascending. */
  private accumulate(queryTokens: readonly string[], scores: Float64Array): number[] {
    const touched: number[] = [];
    const seen = new Uint8Array(this.size);
    for (const token of queryTokens) {
      const term = this.termIds.get(token);
      if (term === undefined) continue;
      const idf = this.idf[term]!;
      for (let p = this.offsets[term]!, end = this.offsets[term + 1]!; p < end; p += 1) {
        const d = this.postingDocs[p]!;
        const tf = this.postingTfs[p]!;
        scores[d]! += idf * ((tf * (BM25_K1 + 1)) / (tf + this.lengthNorm[d]!));
        if (seen[d] === 0) {
          seen[d] = 1;
          touched.push(d);
        }
      }
    }
    return touched.sort((a, b) => a - b);
  }
}
