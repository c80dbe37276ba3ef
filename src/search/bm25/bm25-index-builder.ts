import type { SearchDocument } from '../search-engine.js';
import { scanTokens } from '../tokenize.js';
import { TermTable } from './term-table.js';

/** The raw material of a BM25 index: interned terms and every document's term ids, back to back. */
export interface Bm25Corpus {
  /** Every term, by id. */
  readonly terms: readonly string[];
  /** Every term id, in the order of their terms' strings. */
  readonly sortedIds: () => Uint32Array;
  /** A term's id, or undefined when no document has it. */
  readonly idOf: (term: string) => number | undefined;
  /** Term ids of all documents, concatenated; document d spans `docEnds[d - 1] .. docEnds[d]`. */
  readonly tokens: Uint32Array;
  readonly docEnds: Uint32Array;
}

/**
 * Collects documents as text or tokens, interning each term to an integer id as it is seen (see TermTable),
 * so no token arrays or per-document objects outlive the call that produced them.
 */
export class Bm25IndexBuilder {
  private readonly table = new TermTable();
  private tokens = new Uint32Array(1 << 16);
  private tokenCount = 0;
  private docEnds = new Uint32Array(1 << 10);
  private docCount = 0;
  private readonly addToken = (token: string): void => {
    if (this.tokenCount === this.tokens.length) this.tokens = grow(this.tokens, 1);
    this.tokens[this.tokenCount++] = this.table.intern(token);
  };

  /** Adds text to the current document (tokenized like `tokenize`). */
  addText(text: string): this {
    // ASCII texts wait to be scanned together; any other is tokenized here, after those before it.
    if (text && !this.table.queueAscii(text)) {
      this.scanQueued();
      scanTokens(text, this.addToken);
    }
    return this;
  }

  /** Adds already tokenized terms to the current document. */
  addTokens(tokens: readonly string[]): this {
    this.scanQueued();
    for (const token of tokens) this.addToken(token);
    return this;
  }

  /** Closes the current document; the next text or tokens start a new one. */
  endDocument(): this {
    this.scanQueued();
    if (this.docCount === this.docEnds.length) this.docEnds = grow(this.docEnds, 1);
    this.docEnds[this.docCount++] = this.tokenCount;
    return this;
  }

  corpus(): Bm25Corpus {
    this.scanQueued();
    const table = this.table;
    const terms = table.terms();
    return {
      terms,
      sortedIds: () => table.sortedIds(),
      idOf: lookupOf(terms),
      tokens: this.tokens.subarray(0, this.tokenCount),
      docEnds: this.docEnds.subarray(0, this.docCount),
    };
  }

  private scanQueued(): void {
    const ids = this.table.scanQueued();
    if (ids.length === 0) return;
    if (this.tokenCount + ids.length > this.tokens.length) this.tokens = grow(this.tokens, this.tokenCount + ids.length);
    this.tokens.set(ids, this.tokenCount);
    this.tokenCount += ids.length;
  }
}

/** Finds a term's id by its text, with a map built when first asked (writing an index file never asks). */
function lookupOf(terms: readonly string[]): (term: string) => number | undefined {
  let ids: Map<string, number> | undefined;
  return (term) => (ids ??= new Map(terms.map((t, id) => [t, id]))).get(term);
}

/** The corpus of search documents over `fields` (every field of each document when absent), in order. */
export function documentCorpus(documents: readonly SearchDocument[], fields: readonly string[] | undefined): Bm25Corpus {
  const builder = new Bm25IndexBuilder();
  for (const document of documents) {
    // A field boundary is a token boundary, so tokenizing field by field equals tokenizing the joined text.
    for (const field of fields ?? Object.keys(document)) builder.addText(document[field] ?? '');
    builder.endDocument();
  }
  return builder.corpus();
}

/**
 * The corpus of documents given as columns: `columns[f][d]` is document d's text for the f-th field. The same
 * corpus as `documentCorpus` over documents with those fields, without an object per document or a property
 * read by name per field: what the read cache has when it indexes a package's records.
 */
export function columnCorpus(columns: readonly (readonly string[])[]): Bm25Corpus {
  const builder = new Bm25IndexBuilder();
  const count = columns.length === 0 ? 0 : columns[0]!.length;
  for (let document = 0; document < count; document += 1) {
    for (let field = 0; field < columns.length; field += 1) builder.addText(columns[field]![document]!);
    builder.endDocument();
  }
  return builder.corpus();
}

function grow(array: Uint32Array, atLeast: number): Uint32Array<ArrayBuffer> {
  let size = array.length * 2;
  while (size < atLeast) size *= 2;
  const larger = new Uint32Array(size);
  larger.set(array);
  return larger;
}
