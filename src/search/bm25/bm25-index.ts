import type { SearchHit, SearchIndex, SearchQueryOptions } from '../search-engine.js';
import { tokenize } from '../tokenize.js';
import { Bm25IndexBuilder, type Bm25Corpus } from './bm25-index-builder.js';
import { buildPostings } from './bm25-postings.js';
import { reusedScores, topHits } from './top-hits.js';

export const BM25_K1 = 1.5;
export const BM25_B = 0.75;

/** k1 * (1 - b + b * |d| / avgdl): one expression wherever BM25 is scored, so every path gives the same bits. */
export function bm25LengthNorm(length: number, avgdl: number): number {
  return BM25_K1 * (1 - BM25_B + (avgdl === 0 ? 0 : (BM25_B * length) / avgdl));
}

/**
 * BM25Okapi exactly as EDSL computes it (k1 = 1.5, b = 0.75, idf = ln((N - df + 0.5) / (df + 0.5) + 1), no
 * epsilon floor; a repeated query token counts again; unknown tokens add nothing).
 *
 * Built once into integer term ids and a compressed postings layout (CSR: one offsets array, one doc-id
 * array, one term-frequency array), so a query touches only the postings of its own terms and never
 * rescans the corpus. Build from token arrays, or from a `Bm25IndexBuilder` corpus (the fast path).
 */
export class Bm25Index implements SearchIndex {
  readonly size: number;
  private readonly termIds: ReadonlyMap<string, number>;
  private readonly offsets: Uint32Array;
  private readonly postingDocs: Uint32Array;
  private readonly postingTfs: Uint32Array;
  private readonly idf: Float64Array;
  /** k1 * (1 - b + b * |d| / avgdl), precomputed per document. */
  private readonly lengthNorm: Float64Array;

  constructor(source: readonly (readonly string[])[] | Bm25Corpus) {
    const corpus = isCorpus(source) ? source : corpusOf(source);
    const { tokens, docEnds } = corpus;
    const n = docEnds.length;
    // Made here, not on the first query: every in-memory index is queried, while an index file never looks up.
    this.termIds = corpus.termIds();
    const vocabulary = this.termIds.size;
    this.size = n;

    const postings = buildPostings(tokens, docEnds, vocabulary);
    this.offsets = postings.offsets;
    this.postingDocs = postings.docs;
    this.postingTfs = postings.tfs;
    const df = (t: number) => this.offsets[t + 1]! - this.offsets[t]!;

    this.idf = new Float64Array(vocabulary);
    for (let t = 0; t < vocabulary; t += 1) this.idf[t] = Math.log((n - df(t) + 0.5) / (df(t) + 0.5) + 1);
    const avgdl = n === 0 ? 0 : tokens.length / n;
    this.lengthNorm = new Float64Array(n);
    for (let d = 0, begin = 0; d < n; begin = docEnds[d]!, d += 1) {
      this.lengthNorm[d] = bm25LengthNorm(docEnds[d]! - begin, avgdl);
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

  scoresFor(query: string): Float64Array {
    return this.scores(tokenize(query));
  }

  searchTokens(queryTokens: readonly string[], options: SearchQueryOptions = {}): SearchHit[] {
    if (this.size === 0) return [];
    const scores = reusedScores(this);
    if (!this.accumulate(queryTokens, scores)) return [];
    return topHits(scores, options.topK);
  }

  /** Adds each query token's contribution (repeats count again); false when no token is in the index. */
  private accumulate(queryTokens: readonly string[], scores: Float64Array): boolean {
    let any = false;
    for (const token of queryTokens) {
      const term = this.termIds.get(token);
      if (term === undefined) continue;
      any = true;
      const idf = this.idf[term]!;
      for (let p = this.offsets[term]!, end = this.offsets[term + 1]!; p < end; p += 1) {
        const d = this.postingDocs[p]!;
        const tf = this.postingTfs[p]!;
        scores[d]! += idf * ((tf * (BM25_K1 + 1)) / (tf + this.lengthNorm[d]!));
      }
    }
    return any;
  }
}

function isCorpus(source: readonly (readonly string[])[] | Bm25Corpus): source is Bm25Corpus {
  return !Array.isArray(source);
}

function corpusOf(documents: readonly (readonly string[])[]): Bm25Corpus {
  const builder = new Bm25IndexBuilder();
  for (const tokens of documents) builder.addTokens(tokens).endDocument();
  return builder.corpus();
}
