import { ScriptTermTable } from './script-term-table.js';
import { WasmTermTable } from './wasm-term-table.js';
import { hasWebAssembly } from './wasm/term-scan-module.js';

/** A corpus's postings with its terms numbered in sorted order. */
export interface SortedPostings {
  /** Every term id, in the order of the terms' strings: term `order[k]` is the k-th. */
  readonly order: Uint32Array;
  /** Term t's postings are `offsets[t] .. offsets[t + 1]`. */
  readonly offsets: Uint32Array;
  /** Each posting's document, ascending within a term. */
  readonly docs: Uint32Array;
  /** Each posting's count of the term in its document. */
  readonly tfs: Uint32Array;
  /** Each document's count of tokens. */
  readonly lengths: Uint32Array;
  /** When room was asked for (PostingsRoom): the postings framed by it, for an index file's other parts. */
  readonly frame?: PostingsFrame;
}

/** The postings with room around them, so an index file's other parts go in place and the postings are not copied. */
export interface PostingsFrame {
  /** The room's `before` bytes, `docs` and `tfs` back to back, then its `after` bytes: zeroed until filled. */
  readonly bytes: Uint8Array;
  /**
   * Writes the terms in sorted order as one text: each one's end (u32, in UTF-16 units) from byte `endsAt` of
   * `bytes`, and the text's UTF-8 (as `Buffer.from(joined, 'utf8')` gives it) from byte `textAt`.
   */
  readonly placeTerms: (endsAt: number, textAt: number) => void;
}

/**
 * The room an index file asks for around the postings, given the terms' sorted order (a view valid only
 * during the call), the number of documents and the byte length of the sorted terms' text (see
 * PostingsFrame.placeTerms); both in bytes, multiples of 4.
 */
export type PostingsRoom = (
  order: Uint32Array,
  documents: number,
  termTextBytes: number,
) => { readonly before: number; readonly after: number };

/**
 * Terms interned to ids 0, 1, 2 … in the order first seen, and every token's term id, tokenized as `scanTokens`
 * does. Texts come either one at a time (`queueAscii`, else `append` per token) with the caller marking the
 * documents' ends, or as columns (`scanColumn`: one field of every document per call).
 */
export interface TermTable {
  /** How many tokens have been scanned or appended. */
  readonly tokens: number;
  /**
   * Takes an ASCII `text` to be tokenized by the next `scanQueued`, after the texts taken before it (a text's
   * end is a token's end); false, taking nothing, when it holds any other code.
   */
  queueAscii(text: string): boolean;
  /** Tokenizes the texts `queueAscii` took, appending their tokens' term ids. */
  scanQueued(): void;
  /** Appends the term id of `term` (already lower-cased, as `scanTokens` gives it), interning it when new. */
  append(term: string): void;
  /**
   * Room for `scanColumn` calls over columns of `maxLength` UTF-16 units at most, `totalLength` and `texts` in
   * all, the texts of `documents` documents.
   */
  reserveColumns(maxLength: number, totalLength: number, texts: number, documents: number): void;
  /**
   * Tokenizes one field of every document (`texts[d]`, ending at `ends[d]` UTF-16 units from the first one's
   * start; `bytes`, when given, their UTF-8 back to back), as the next field of the documents.
   */
  scanColumn(texts: readonly string[], ends: Uint32Array, bytes?: Uint8Array): void;
  /** The scanned columns' tokens by document, and where each document's end (copies). */
  columnDocuments(): { tokens: Uint32Array; docEnds: Uint32Array };
  /** A copy of every token's term id, in order. */
  tokenIds(): Uint32Array;
  /** Every term as a string, by id. */
  terms(): string[];
  /**
   * The postings of the tokens so far, with terms numbered in sorted order: of documents ending at `docEnds`
   * when given, else of the scanned columns' documents; framed with the room `room` asks for, when given.
   * Valid until the table is next used.
   */
  sortedPostings(docEnds?: Uint32Array, room?: PostingsRoom): SortedPostings;
}

/**
 * The WebAssembly table where the runtime has WebAssembly (Node has it unless started with `--jitless`), else
 * the same table in JavaScript.
 */
export function newTermTable(): TermTable {
  return hasWebAssembly() ? new WasmTermTable() : new ScriptTermTable();
}
