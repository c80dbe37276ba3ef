import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { Bm25SearchEngine } from '../../src/search/bm25/bm25-engine.js';
import { searchOnceBm25 } from '../../src/search/bm25/bm25-single-query.js';
import type { SearchDocument } from '../../src/search/search-engine.js';
import { searchText } from '../support/search-text.js';

const engine = new Bm25SearchEngine();
const FIELDS = ['key', 'summary', 'tags'];

/** The slow path the single-query ranker must equal: build the index, then search it. */
function viaIndex(documents: SearchDocument[], query: string, topK: number | undefined, fields = FIELDS) {
  return engine.buildIndex(documents, { fields }).search(query, topK === undefined ? {} : { topK });
}

describe('BM25 single-query ranking', () => {
  it('returns exactly the hits and scores of an index search', () => {
    const text = searchText;
    const anyText = fc.oneof(text, fc.string());
    const document = fc.record({ key: anyText, summary: anyText, tags: anyText });
    fc.assert(
      fc.property(
        fc.array(document, { maxLength: 40 }),
        fc.oneof(text, fc.string()),
        fc.option(fc.nat(12), { nil: undefined }),
        (documents, query, topK) => {
          assert.deepEqual(searchOnceBm25(documents, query, FIELDS, topK), viaIndex(documents, query, topK));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('uses every field of each document when no fields are named', () => {
    const documents: SearchDocument[] = [
      { a: 'back navigation', b: 'pilot' },
      { a: 'pilot pilot', c: 'conjoint' },
    ];
    assert.deepEqual(
      searchOnceBm25(documents, 'pilot conjoint', undefined, undefined),
      engine.buildIndex(documents).search('pilot conjoint'),
    );
  });

  it('counts a repeated query term again and ignores unknown terms, as the index does', () => {
    const documents = [
      { key: 'the cat', summary: 'sat on the mat', tags: '' },
      { key: 'the dog', summary: 'sat', tags: '' },
      { key: 'cats', summary: '', tags: '' },
    ];
    for (const query of ['the the', 'zebra', 'the zebra the', '', '...']) {
      assert.deepEqual(searchOnceBm25(documents, query, FIELDS, undefined), viaIndex(documents, query, undefined));
    }
  });

  it('leaves queries with very many distinct terms to the index, through the engine', () => {
    const documents = Array.from({ length: 200_000 }, (_, i) => ({ key: `k${i % 50}` }));
    const query = Array.from({ length: 50 }, (_, i) => `k${i}`).join(' ');
    assert.equal(searchOnceBm25(documents, query, ['key'], 3), undefined);
    assert.deepEqual(engine.searchOnce(documents, query, { fields: ['key'], topK: 3 }), viaIndex(documents, query, 3, ['key']));
  });
});
