import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { Bm25SearchEngine } from '../../src/search/bm25/bm25-engine.js';
import { bm25IndexFile } from '../../src/search/bm25/bm25-index-file.js';
import type { SearchDocument, SearchIndex } from '../../src/search/search-engine.js';
import { searchText } from '../support/search-text.js';

const FIELDS = ['key', 'summary'];
const documents = fc.array(fc.record({ key: searchText, summary: searchText }), { maxLength: 25 });
const queries = fc.array(searchText, { minLength: 1, maxLength: 6 });

/** Every kind of BM25 index over the documents: built in memory, read whole from its file, read in place. */
function indexes(docs: readonly SearchDocument[]): Array<() => SearchIndex> {
  const bytes = bm25IndexFile.encode(docs, { fields: FIELDS });
  return [
    () => new Bm25SearchEngine().buildIndex(docs, { fields: FIELDS }),
    () => bm25IndexFile.open(bytes)!,
    () => bm25IndexFile.openSource!({ byteLength: bytes.length, read: (at, length) => Buffer.from(bytes.subarray(at, at + length)) })!,
  ];
}

describe('queries run one after another on the same index', () => {
  it('each answer as the first query of a fresh index does: nothing of a query stays for the next', () => {
    fc.assert(
      fc.property(documents, queries, fc.integer({ min: 1, max: 30 }), (docs, list, topK) => {
        for (const make of indexes(docs)) {
          const index = make();
          for (const query of [...list, ...list]) assert.deepEqual(index.search(query, { topK }), make().search(query, { topK }), query);
        }
      }),
      { numRuns: 200 },
    );
  });
});
