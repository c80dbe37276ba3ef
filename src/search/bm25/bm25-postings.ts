/** A corpus's postings in compressed sparse rows: term t's postings are `offsets[t] .. offsets[t + 1]`. */
export interface Bm25Postings {
  readonly offsets: Uint32Array;
  /** Each posting's document, ascending within a term. */
  readonly docs: Uint32Array;
  /** Each posting's count of the term in its document. */
  readonly tfs: Uint32Array;
}

/**
 * The postings of documents given as term ids back to back (document d spans `docEnds[d - 1] .. docEnds[d]`),
 * over `vocabulary` term ids. Two passes: document frequencies, then the postings in document order.
 */
export function buildPostings(tokens: Uint32Array, docEnds: Uint32Array, vocabulary: number): Bm25Postings {
  const n = docEnds.length;
  // `lastDoc` marks a term as counted (or posted) for the current document.
  const lastDoc = new Int32Array(vocabulary).fill(-1);
  const df = new Uint32Array(vocabulary);
  for (let d = 0, begin = 0; d < n; begin = docEnds[d]!, d += 1) {
    for (let i = begin, end = docEnds[d]!; i < end; i += 1) {
      const term = tokens[i]!;
      if (lastDoc[term] !== d) {
        lastDoc[term] = d;
        df[term] = df[term]! + 1;
      }
    }
  }
  const offsets = new Uint32Array(vocabulary + 1);
  for (let t = 0; t < vocabulary; t += 1) offsets[t + 1] = offsets[t]! + df[t]!;
  const docs = new Uint32Array(offsets[vocabulary]!);
  const tfs = new Uint32Array(offsets[vocabulary]!);
  // `cursor` is where a term's next posting goes; the current document's posting is the one before it.
  const cursor = offsets.slice(0, vocabulary);
  lastDoc.fill(-1);
  for (let d = 0, begin = 0; d < n; begin = docEnds[d]!, d += 1) {
    for (let i = begin, end = docEnds[d]!; i < end; i += 1) {
      const term = tokens[i]!;
      if (lastDoc[term] !== d) {
        lastDoc[term] = d;
        docs[cursor[term]!] = d;
        tfs[cursor[term]!] = 1;
        cursor[term] = cursor[term]! + 1;
      } else tfs[cursor[term]! - 1] = tfs[cursor[term]! - 1]! + 1;
    }
  }
  return { offsets, docs, tfs };
}
