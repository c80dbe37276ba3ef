import type { SearchDocument } from '../search-engine.js';
import { scanTokens } from '../tokenize.js';

/** The raw material of a BM25 index: interned terms and every document's term ids, back to back. */
export interface Bm25Corpus {
  readonly termIds: Map<string, number>;
  /** Term ids of all documents, concatenated; document d spans `docEnds[d - 1] .. docEnds[d]`. */
  readonly tokens: Uint32Array;
  readonly docEnds: Uint32Array;
}

/**
 * Collects documents as text or tokens, interning each term to an integer id as it is seen, so no token
 * arrays or per-document objects outlive the call that produced them.
 */
export class Bm25IndexBuilder {
  private readonly termIds = new Map<string, number>();
  private tokens = new Uint32Array(1 << 16);
  private tokenCount = 0;
  private docEnds = new Uint32Array(1 << 10);
  private docCount = 0;
  private readonly addToken = (token: string): void => {
    let id = this.termIds.get(token);
    if (id === undefined) {
      id = this.termIds.size;
      this.termIds.set(token, id);
    }
    if (this.tokenCount === this.tokens.length) this.tokens = grow(this.tokens);
    this.tokens[this.tokenCount++] = id;
  };

  /** Adds text to the current document (tokenized like `tokenize`). */
  addText(text: string): this {
    if (text) scanTokens(text, this.addToken);
    return this;
  }

  /** Adds already tokenized terms to the current document. */
  addTokens(tokens: readonly string[]): this {
    for (const token of tokens) this.addToken(token);
    return this;
  }

  /** Closes the current document; the next text or tokens start a new one. */
  endDocument(): this {
    if (this.docCount === this.docEnds.length) this.docEnds = grow(this.docEnds);
    this.docEnds[this.docCount++] = this.tokenCount;
    return this;
  }

  corpus(): Bm25Corpus {
    return { termIds: this.termIds, tokens: this.tokens.subarray(0, this.tokenCount), docEnds: this.docEnds.subarray(0, this.docCount) };
  }
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

function grow(array: Uint32Array): Uint32Array<ArrayBuffer> {
  const larger = new Uint32Array(array.length * 2);
  larger.set(array);
  return larger;
}
