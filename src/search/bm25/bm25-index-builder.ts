import type { EncodedColumn, SearchDocument } from '../search-engine.js';
import { scanTokens } from '../tokenize.js';
import { newTermTable, type PostingsRoom, type SortedPostings, type TermTable } from './term-table.js';

/** The raw material of a BM25 index: interned terms and every document's term ids, back to back. */
export interface Bm25Corpus {
  /** Every term, by id. */
  readonly terms: readonly string[];
  /** Every term's id by its text: made when first asked (an in-memory index asks; an index file never does). */
  readonly termIds: () => ReadonlyMap<string, number>;
  /** Term ids of all documents, concatenated; document d spans `docEnds[d - 1] .. docEnds[d]`. */
  readonly tokens: Uint32Array;
  readonly docEnds: Uint32Array;
  /**
   * The postings with terms numbered in the order of their strings, and that order: what an index file
   * holds (views valid until the corpus is next used), framed with the room `room` asks for, when given.
   */
  readonly sortedPostings: (room?: PostingsRoom) => SortedPostings;
}

/**
 * Collects documents as text or tokens, interning each term to an integer id as it is seen (see TermTable,
 * which keeps the term ids), so no token arrays or per-document objects outlive the call that produced them.
 */
export class Bm25IndexBuilder {
  constructor(private readonly table: TermTable = newTermTable()) {}

  private docEnds = new Uint32Array(1 << 10);
  private docCount = 0;
  private readonly addToken = (token: string): void => this.table.append(token);

  /** Adds text to the current document (tokenized like `tokenize`). */
  addText(text: string): this {
    // ASCII texts wait to be scanned together; any other is tokenized here, after those before it.
    if (text && !this.table.queueAscii(text)) scanTokens(text, this.addToken);
    return this;
  }

  /** Adds already tokenized terms to the current document. */
  addTokens(tokens: readonly string[]): this {
    for (const token of tokens) this.table.append(token);
    return this;
  }

  /** Closes the current document; the next text or tokens start a new one. */
  endDocument(): this {
    this.table.scanQueued();
    if (this.docCount === this.docEnds.length) {
      const larger = new Uint32Array(this.docEnds.length * 2);
      larger.set(this.docEnds);
      this.docEnds = larger;
    }
    this.docEnds[this.docCount++] = this.table.tokens;
    return this;
  }

  corpus(): Bm25Corpus {
    this.table.scanQueued();
    return corpusOf(this.table, this.docEnds.subarray(0, this.docCount));
  }
}

function corpusOf(table: TermTable, docEnds?: Uint32Array): Bm25Corpus {
  // Made or copied out of the table when first read: an index file is written from the table's own terms and postings.
  let terms: string[] | undefined;
  let ids: Map<string, number> | undefined;
  let documents: { tokens: Uint32Array; docEnds: Uint32Array } | undefined;
  const termsOf = () => (terms ??= table.terms());
  const read = () => (documents ??= docEnds ? { tokens: table.tokenIds(), docEnds } : table.columnDocuments());
  return {
    get terms() {
      return termsOf();
    },
    termIds: () => (ids ??= new Map(termsOf().map((term, id) => [term, id]))),
    get tokens() {
      return read().tokens;
    },
    get docEnds() {
      return read().docEnds;
    },
    sortedPostings: (room) => table.sortedPostings(docEnds, room),
  };
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
 * documents as `documentCorpus` over documents with those fields (term ids are numbered as the columns are
 * scanned, field by field), without an object per document or a property read by name per field: what the
 * read cache has when it indexes a package's records.
 */
export function columnCorpus(
  columns: readonly (readonly string[])[],
  encoded?: readonly EncodedColumn[],
  table: TermTable = newTermTable(),
): Bm25Corpus {
  const sized = columns.map((texts, f) => encoded?.[f] ?? { ends: unitEnds(texts) });
  const units = sized.map(({ ends }) => (ends.length === 0 ? 0 : ends[ends.length - 1]!));
  const documents = columns[0]?.length ?? 0;
  table.reserveColumns(
    Math.max(0, ...units),
    units.reduce((sum, length) => sum + length, 0),
    columns.length * documents,
    documents,
  );
  columns.forEach((column, f) => table.scanColumn(column, sized[f]!.ends, encoded?.[f]?.text));
  return corpusOf(table);
}

/** Where each text ends, counted in UTF-16 units from the first text's start. */
function unitEnds(texts: readonly string[]): Uint32Array {
  const ends = new Uint32Array(texts.length);
  for (let i = 0, end = 0; i < texts.length; i += 1) ends[i] = end += texts[i]!.length;
  return ends;
}
