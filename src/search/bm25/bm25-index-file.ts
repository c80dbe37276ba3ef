import type {
  PersistedIndexFormat,
  SearchDocument,
  SearchHit,
  SearchIndex,
  SearchIndexOptions,
  SearchQueryOptions,
} from '../search-engine.js';
import { tokenize } from '../tokenize.js';
import { BM25_K1, bm25LengthNorm } from './bm25-index.js';
import { documentCorpus } from './bm25-index-builder.js';
import { buildPostings } from './bm25-postings.js';
import { topHits } from './top-hits.js';

const MAGIC = 0x49353242; // "B25I"
const VERSION = 1;
const HEADER_WORDS = 6;

/**
 * A BM25 index as bytes: what `Bm25Index` holds, in a layout read back with typed-array views and no
 * parsing. Little-endian u32 words: magic, version, documents n, vocabulary v, postings p, term bytes m;
 * then each document's token count (n), each term's end in the term text (v, UTF-16 offsets), the postings
 * offsets per term (v + 1), the postings' documents (p) and term frequencies (p), and the terms' UTF-8 text
 * (m bytes, padded to 4), sorted in JavaScript string order so a query term is found by binary search.
 *
 * Scores equal `Bm25Index`'s to the bit: the same idf, the same length normalisation and the same order of
 * additions per document (query tokens in order, a repeated one again).
 */
export const bm25IndexFile: PersistedIndexFormat = {
  format: `bm25-postings-v${VERSION}`,
  encode,
  open,
  combine,
};

function encode(documents: readonly SearchDocument[], options: SearchIndexOptions = {}): Uint8Array {
  const { termIds, tokens, docEnds } = documentCorpus(documents, options.fields);
  const n = docEnds.length;
  const terms = [...termIds.keys()].sort();
  const v = terms.length;
  const sortedId = new Uint32Array(v);
  terms.forEach((term, id) => (sortedId[termIds.get(term)!] = id));

  const lengths = new Uint32Array(n);
  for (let d = 0, begin = 0; d < n; begin = docEnds[d]!, d += 1) lengths[d] = docEnds[d]! - begin;
  // Term ids renumbered in sorted order, so a term's id is its place in the sorted term list.
  const { offsets, docs, tfs } = buildPostings(
    tokens.map((id) => sortedId[id]!),
    docEnds,
    v,
  );
  const p = docs.length;
  const termEnds = new Uint32Array(v);
  let end = 0;
  terms.forEach((term, t) => (termEnds[t] = end += term.length));
  const text = Buffer.from(terms.join(''), 'utf8');

  const words = HEADER_WORDS + n + v + (v + 1) + 2 * p;
  const bytes = new Uint8Array(words * 4 + ((text.length + 3) & ~3));
  const out = new Uint32Array(bytes.buffer, 0, words);
  out.set([MAGIC, VERSION, n, v, p, text.length]);
  let at = HEADER_WORDS;
  for (const array of [lengths, termEnds, offsets, docs, tfs]) {
    out.set(array, at);
    at += array.length;
  }
  bytes.set(text, words * 4);
  return bytes;
}

function open(bytes: Uint8Array): SearchIndex | undefined {
  if (bytes.byteLength < HEADER_WORDS * 4) return undefined;
  // Typed-array views need 4-byte alignment; a misaligned section is copied once.
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  const header = new Uint32Array(aligned.buffer, aligned.byteOffset, HEADER_WORDS);
  const [magic, version, n, v, p, m] = header as unknown as [number, number, number, number, number, number];
  if (magic !== MAGIC || version !== VERSION) return undefined;
  const words = HEADER_WORDS + n + v + (v + 1) + 2 * p;
  if (aligned.byteLength !== words * 4 + ((m + 3) & ~3)) return undefined;
  let at = HEADER_WORDS;
  const view = (length: number) => {
    const array = new Uint32Array(aligned.buffer, aligned.byteOffset + at * 4, length);
    at += length;
    return array;
  };
  const lengths = view(n);
  const termEnds = view(v);
  const offsets = view(v + 1);
  const docs = view(p);
  const tfs = view(p);
  const text = Buffer.from(aligned.buffer, aligned.byteOffset + words * 4, m).toString('utf8');
  return checked({ n, v, lengths, termEnds, offsets, docs, tfs, text });
}

interface IndexArrays {
  readonly n: number;
  readonly v: number;
  readonly lengths: Uint32Array;
  readonly termEnds: Uint32Array;
  readonly offsets: Uint32Array;
  readonly docs: Uint32Array;
  readonly tfs: Uint32Array;
  readonly text: string;
}

/** The index, once every offset is in range and ascending, every posting names a document once per term, and the terms are sorted. */
function checked(arrays: IndexArrays): PersistedBm25Index | undefined {
  const { n, v, lengths, termEnds, offsets, docs, tfs, text } = arrays;
  if (offsets[0] !== 0 || offsets[v] !== docs.length) return undefined;
  let previousStart = 0;
  let previousEnd = 0;
  const textLength = text.length;
  // Runs once per process over every posting, before V8 optimises it: each value is loaded once.
  for (let t = 0, start = 0; t < v; t += 1) {
    const end = termEnds[t]!;
    const stop = offsets[t + 1]!;
    if (end > textLength || stop < start) return undefined;
    if (t > 0 && !ascending(text, previousStart, previousEnd, end)) return undefined;
    previousStart = previousEnd;
    previousEnd = end;
    let lastDoc = -1;
    for (let q = start; q < stop; q += 1) {
      const doc = docs[q]!;
      if (doc <= lastDoc || doc >= n || tfs[q] === 0) return undefined;
      lastDoc = doc;
    }
    start = stop;
  }
  if (previousEnd !== text.length) return undefined;
  let total = 0;
  for (let d = 0; d < n; d += 1) total += lengths[d]!;
  return new PersistedBm25Index([{ arrays, start: 0 }], total);
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
class PersistedBm25Index implements SearchIndex {
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

  search(query: string, options: SearchQueryOptions = {}): SearchHit[] {
    return topHits(this.scoresFor(query), options.topK);
  }

  scoresFor(query: string): Float64Array {
    const n = this.size;
    const scores = new Float64Array(n);
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
        const { offsets, docs, tfs, lengths } = arrays;
        for (let q = offsets[term]!; q < offsets[term + 1]!; q += 1) {
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

/** Indexes this format opened, ranked as one over their documents in order; undefined for any other index. */
function combine(indexes: readonly SearchIndex[]): SearchIndex | undefined {
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
