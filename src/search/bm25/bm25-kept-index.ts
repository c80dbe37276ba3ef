import type { SearchHit, SearchIndex, SearchQueryOptions } from '../search-engine.js';
import { tokenize } from '../tokenize.js';
import { BM25_K1, bm25LengthNorm } from './bm25-index.js';
import { reusedScores, topHits } from './top-hits.js';
import { wasmTermsSound } from './wasm-terms-check.js';
import { hasWebAssembly } from './wasm/term-scan-module.js';

/** One term's postings: the documents holding it, ascending, and its frequency in each. */
export interface Postings {
  readonly docs: Uint32Array;
  readonly tfs: Uint32Array;
}

/**
 * An encoded index (see bm25-index-file.ts) as typed arrays: documents n, vocabulary v, each document's
 * token count, each term's end in the term text, the postings offsets per term (v + 1), and each term's
 * postings, given when a query asks for them (read and checked then, when the index is read as needed).
 */
export interface IndexArrays {
  readonly n: number;
  readonly v: number;
  readonly lengths: Uint32Array;
  readonly termEnds: Uint32Array;
  readonly offsets: Uint32Array;
  readonly text: string;
  postings(term: number): Postings;
}

/** From this many terms, compiling and filling the check's module costs less than checking in JavaScript. */
export const WASM_CHECK_TERMS = 4096;

/**
 * Whether the terms and offsets make an index over `postingCount` postings: offsets in range and
 * ascending, every term within the text, the terms sorted (a query term is found by binary search).
 * `eachTerm`, when given, is called with each term's postings range (a full check reads them all here).
 */
export function termsSound(
  arrays: Omit<IndexArrays, 'postings'>,
  postingCount: number,
  eachTerm?: (start: number, stop: number) => boolean,
): boolean {
  const { v, termEnds, offsets, text } = arrays;
  // Many terms are checked in WebAssembly (where the runtime has it), when every end and offset is there.
  if (!eachTerm && v >= WASM_CHECK_TERMS && hasWebAssembly() && termEnds.length >= v && offsets.length > v) {
    return wasmTermsSound(arrays, postingCount);
  }
  if (offsets[0] !== 0 || offsets[v] !== postingCount) return false;
  let previousStart = 0;
  let previousEnd = 0;
  const textLength = text.length;
  // Runs once per process, before V8 optimises it: each value is loaded once.
  for (let t = 0, start = 0; t < v; t += 1) {
    const end = termEnds[t]!;
    const stop = offsets[t + 1]!;
    if (end > textLength || stop < start) return false;
    if (t > 0 && !ascending(text, previousStart, previousEnd, end)) return false;
    if (eachTerm && !eachTerm(start, stop)) return false;
    previousStart = previousEnd;
    previousEnd = end;
    start = stop;
  }
  return previousEnd === text.length;
}

/** Whether `docs[start..stop)` names documents below `n` once each, ascending, each with a frequency. */
export function postingsSound(docs: Uint32Array, tfs: Uint32Array, n: number, start = 0, stop = docs.length): boolean {
  let lastDoc = -1;
  for (let q = start; q < stop; q += 1) {
    const doc = docs[q]!;
    if (doc <= lastDoc || doc >= n || tfs[q] === 0) return false;
    lastDoc = doc;
  }
  return true;
}

/**
 * Whether the term at `start..middle` of `text` sorts strictly before the one at `middle..end` (JavaScript
 * string order), compared in place: a check over every term should not make a string of each.
 */
function ascending(text: string, start: number, middle: number, end: number): boolean {
  const length = Math.min(middle - start, end - middle);
  for (let i = 0; i < length; i += 1) {
    const a = text.charCodeAt(start + i);
    const b = text.charCodeAt(middle + i);
    if (a !== b) return a < b;
  }
  return middle - start < end - middle;
}

/** One encoded index and where its documents start in the corpus a combined index ranks. */
interface Part {
  readonly arrays: IndexArrays;
  readonly start: number;
}

/**
 * One or more encoded indexes ranked as one corpus, their documents concatenated in order: what encoding
 * the concatenation would give (document count, average length and each term's document frequency are the
 * union's), so several packages read together rank exactly as one index over all of them.
 */
export class PersistedBm25Index implements SearchIndex {
  readonly size: number;
  private readonly avgdl: number;

  constructor(
    readonly parts: readonly Part[],
    readonly totalTokens: number,
  ) {
    const last = parts[parts.length - 1];
    this.size = last ? last.start + last.arrays.n : 0;
    this.avgdl = this.size === 0 ? 0 : totalTokens / this.size;
  }

  /** One index's arrays as a corpus of its own. */
  static of(arrays: IndexArrays): PersistedBm25Index {
    let total = 0;
    for (let d = 0; d < arrays.n; d += 1) total += arrays.lengths[d]!;
    return new PersistedBm25Index([{ arrays, start: 0 }], total);
  }

  search(query: string, options: SearchQueryOptions = {}): SearchHit[] {
    return topHits(this.accumulate(query, reusedScores(this)), options.topK);
  }

  scoresFor(query: string): Float64Array {
    return this.accumulate(query, new Float64Array(this.size));
  }

  /** Adds each query token's contribution to `scores` (zeroed, one per document); returns them. */
  private accumulate(query: string, scores: Float64Array): Float64Array {
    const n = this.size;
    if (n === 0) return scores;
    for (const token of tokenize(query)) {
      const terms = this.parts.map(({ arrays }) => termOf(arrays, token));
      let df = 0;
      terms.forEach((term, part) => {
        if (term >= 0) df += this.parts[part]!.arrays.offsets[term + 1]! - this.parts[part]!.arrays.offsets[term]!;
      });
      if (df === 0) continue;
      const idf = Math.log((n - df + 0.5) / (df + 0.5) + 1);
      terms.forEach((term, part) => {
        if (term < 0) return;
        const { arrays, start } = this.parts[part]!;
        const { docs, tfs } = arrays.postings(term);
        const { lengths } = arrays;
        for (let q = 0; q < docs.length; q += 1) {
          const d = docs[q]!;
          const tf = tfs[q]!;
          scores[start + d]! += idf * ((tf * (BM25_K1 + 1)) / (tf + bm25LengthNorm(lengths[d]!, this.avgdl)));
        }
      });
    }
    return scores;
  }
}

/** The term's id in one encoded index, by binary search over its sorted terms, or -1. */
function termOf({ termEnds, text, v }: IndexArrays, token: string): number {
  let low = 0;
  let high = v - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const term = text.slice(middle === 0 ? 0 : termEnds[middle - 1], termEnds[middle]);
    if (term === token) return middle;
    if (term < token) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** Indexes of this format, ranked as one over their documents in order; undefined for any other index. */
export function combine(indexes: readonly SearchIndex[]): SearchIndex | undefined {
  const opened = indexes.filter((index) => index instanceof PersistedBm25Index);
  if (opened.length !== indexes.length) return undefined;
  const parts: Part[] = [];
  let start = 0;
  let totalTokens = 0;
  for (const index of opened) {
    for (const part of index.parts) {
      parts.push({ arrays: part.arrays, start: start + part.start });
    }
    start += index.size;
    totalTokens += index.totalTokens;
  }
  return new PersistedBm25Index(parts, totalTokens);
}
