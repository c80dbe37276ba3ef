import {
  IndexDamaged,
  type IndexByteSource,
  type PersistedIndexFormat,
  type SearchDocument,
  type SearchIndex,
  type SearchIndexOptions,
} from '../search-engine.js';
import { columnCorpus, documentCorpus, type Bm25Corpus } from './bm25-index-builder.js';
import { combine, PersistedBm25Index, postingsSound, termsSound, type Postings } from './bm25-kept-index.js';

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
  // Written where the term table built the postings: the read cache writes it into its sidecar once.
  encodeColumns: (columns, encoded) => encodeCorpus(columnCorpus(columns, encoded)),
  open,
  openSource,
  combine,
};

function encode(documents: readonly SearchDocument[], options: SearchIndexOptions = {}): Uint8Array {
  // A copy: a code snapshot keeps its index, and should not keep the memory the table built it in.
  return encodeCorpus(documentCorpus(documents, options.fields)).slice();
}

/**
 * The index of a corpus (see Bm25IndexBuilder), in the layout above: the term table writes the postings with
 * room around them for the rest (SortedPostings.frame) and the sorted terms' text into it, so the largest part
 * of the file is never copied and no term becomes a string. A view of the table's memory.
 */
function encodeCorpus(corpus: Bm25Corpus): Uint8Array {
  let words = HEADER_WORDS;
  let textBytes = 0;
  const room = (order: Uint32Array, n: number, termTextBytes: number) => {
    words = HEADER_WORDS + n + order.length + (order.length + 1);
    textBytes = termTextBytes;
    return { before: words * 4, after: (textBytes + 3) & ~3 };
  };
  const { order, offsets, docs, lengths, frame } = corpus.sortedPostings(room);
  const { bytes, placeTerms } = frame!;
  const [n, v, p] = [lengths.length, order.length, docs.length];
  const head = new Uint32Array(bytes.buffer, bytes.byteOffset, words);
  head.set([MAGIC, VERSION, n, v, p, textBytes]);
  head.set(lengths, HEADER_WORDS);
  head.set(offsets, HEADER_WORDS + n + v);
  placeTerms((HEADER_WORDS + n) * 4, (words + 2 * p) * 4);
  return bytes;
}

function open(bytes: Uint8Array): SearchIndex | undefined {
  const layout = layoutOf(bytes.byteLength, (offset, length) => bytes.subarray(offset, offset + length));
  if (!layout) return undefined;
  const { n, p, postingsAt } = layout;
  const docs = wordsOf(bytes.subarray(postingsAt, postingsAt + p * 4));
  const tfs = wordsOf(bytes.subarray(postingsAt + p * 4, postingsAt + p * 8));
  const { offsets } = layout.arrays;
  // Every posting checked now, with the terms: an index opened whole is trusted whole.
  if (!termsSound(layout.arrays, p, (start, stop) => postingsSound(docs, tfs, n, start, stop))) return undefined;
  const postings = (term: number): Postings => ({
    docs: docs.subarray(offsets[term], offsets[term + 1]),
    tfs: tfs.subarray(offsets[term], offsets[term + 1]),
  });
  return PersistedBm25Index.of({ ...layout.arrays, postings });
}

/**
 * The index read as queries need it: the header, the document lengths, the terms and the offsets now (every
 * search reads them), each term's postings when a query first asks for them, checked then (IndexDamaged).
 * The postings are most of an index (three quarters of one over 10,000 records).
 */
function openSource(source: IndexByteSource): SearchIndex | undefined {
  const layout = layoutOf(source.byteLength, (offset, length) => source.read(offset, length));
  if (!layout || !termsSound(layout.arrays, layout.p)) return undefined;
  const { n, p, postingsAt } = layout;
  const { offsets } = layout.arrays;
  const read = new Map<number, Postings>();
  const postings = (term: number): Postings => {
    let found = read.get(term);
    if (!found) {
      const start = offsets[term]!;
      const count = offsets[term + 1]! - start;
      const docs = wordsOf(source.read(postingsAt + start * 4, count * 4));
      const tfs = wordsOf(source.read(postingsAt + (p + start) * 4, count * 4));
      if (!postingsSound(docs, tfs, n)) throw new IndexDamaged(`BM25 index: the postings of term ${term} fail their checks`);
      read.set(term, (found = { docs, tfs }));
    }
    return found;
  };
  return PersistedBm25Index.of({ ...layout.arrays, postings });
}

/**
 * The header and the arrays every search reads, from bytes `read` gives, with where the postings start;
 * undefined when the magic, version or sizes do not fit `byteLength`.
 */
function layoutOf(byteLength: number, read: (offset: number, length: number) => Uint8Array) {
  if (byteLength < HEADER_WORDS * 4) return undefined;
  const [magic, version, n, v, p, m] = wordsOf(read(0, HEADER_WORDS * 4)) as unknown as [number, number, number, number, number, number];
  if (magic !== MAGIC || version !== VERSION) return undefined;
  const words = HEADER_WORDS + n + v + (v + 1) + 2 * p;
  if (byteLength !== words * 4 + ((m + 3) & ~3)) return undefined;
  const head = wordsOf(read(HEADER_WORDS * 4, (n + 2 * v + 1) * 4));
  const textBytes = read(words * 4, m);
  const text = Buffer.from(textBytes.buffer, textBytes.byteOffset, textBytes.byteLength).toString('utf8');
  const arrays = { n, v, lengths: head.subarray(0, n), termEnds: head.subarray(n, n + v), offsets: head.subarray(n + v), text };
  return { arrays, n, p, postingsAt: (HEADER_WORDS + n + 2 * v + 1) * 4 };
}

/** Little-endian u32 words over `bytes`: a view when aligned (typed arrays need it), else a copy. */
function wordsOf(bytes: Uint8Array): Uint32Array {
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  return new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength >>> 2);
}
