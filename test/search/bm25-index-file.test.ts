import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { Bm25SearchEngine } from '../../src/search/bm25/bm25-engine.js';
import { bm25IndexFile } from '../../src/search/bm25/bm25-index-file.js';
import type { SearchDocument } from '../../src/search/search-engine.js';
import { searchText } from '../support/search-text.js';

const engine = new Bm25SearchEngine();
const FIELDS = ['key', 'summary', 'tags'];

const text = searchText;
const anyText = fc.oneof(text, fc.string(), fc.string({ unit: 'grapheme' }));
const documents = fc.array(fc.record({ key: anyText, summary: anyText, tags: anyText }), { maxLength: 40 });

/** The index read back from its bytes, copied to an offset that is not 4-aligned when `misaligned`. */
function reopened(docs: SearchDocument[], misaligned = false) {
  const bytes = bm25IndexFile.encode(docs, { fields: FIELDS });
  const placed = misaligned ? new Uint8Array(bytes.length + 1).fill(7).subarray(1) : bytes;
  if (misaligned) placed.set(bytes);
  const index = bm25IndexFile.open(placed);
  assert.ok(index, 'the index reads back');
  return index;
}

describe('the BM25 index kept as bytes', () => {
  it('gives exactly the hits and scores of an index built from the documents', () => {
    fc.assert(
      fc.property(
        documents,
        fc.oneof(text, fc.string()),
        fc.option(fc.nat(12), { nil: undefined }),
        fc.boolean(),
        (docs, query, topK, misaligned) => {
          const options = topK === undefined ? {} : { topK };
          assert.deepEqual(
            reopened(docs, misaligned).search(query, options),
            engine.buildIndex(docs, { fields: FIELDS }).search(query, options),
          );
        },
      ),
      { numRuns: 400 },
    );
  });

  it('ranks several indexes as one over their documents in order, exactly as one index over them all', () => {
    fc.assert(
      fc.property(
        fc.array(documents, { minLength: 1, maxLength: 4 }),
        fc.oneof(text, fc.string()),
        fc.option(fc.nat(12), { nil: undefined }),
        (groups, query, topK) => {
          const options = topK === undefined ? {} : { topK };
          const combined = bm25IndexFile.combine!(groups.map((group) => reopened(group)));
          assert.ok(combined);
          assert.equal(combined.size, groups.flat().length);
          assert.deepEqual(combined.search(query, options), engine.buildIndex(groups.flat(), { fields: FIELDS }).search(query, options));
        },
      ),
      { numRuns: 300 },
    );
    assert.equal(bm25IndexFile.combine!([engine.buildIndex([], { fields: FIELDS })]), undefined, 'an index it did not open');
  });

  it('scores every document as its hits do, kept, combined and built, 0 where there is no hit', () => {
    fc.assert(
      fc.property(fc.array(documents, { minLength: 1, maxLength: 3 }), fc.oneof(text, fc.string()), (groups, query) => {
        const all = groups.flat();
        const built = engine.buildIndex(all, { fields: FIELDS });
        const expected = new Float64Array(all.length);
        for (const hit of built.search(query)) expected[hit.index] = hit.score;
        for (const index of [built, reopened(all), bm25IndexFile.combine!(groups.map((group) => reopened(group)))!])
          assert.deepEqual(index.scoresFor!(query), expected);
      }),
      { numRuns: 300 },
    );
  });

  it('is refused, never read, when any word of it is out of place', () => {
    const docs = [
      { key: 'a.pilot', summary: 'pricing pilot', tags: 'x' },
      { key: 'b', summary: 'conjoint pricing', tags: '' },
      { key: 'c', summary: 'été', tags: 'pilot' },
    ];
    const bytes = bm25IndexFile.encode(docs, { fields: FIELDS });
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 4));
    let refused = 0;
    for (let at = 0; at < words.length; at += 1) {
      for (const value of [words[at]! + 1, 0, 0xffffffff]) {
        if (value === words[at]) continue;
        const changed = bytes.slice();
        new Uint32Array(changed.buffer, 0, words.length)[at] = value;
        const index = bm25IndexFile.open(changed);
        if (index === undefined) {
          refused += 1;
          continue;
        }
        // A change the checks let through must still be a well-formed index: no out-of-range reads.
        for (const hit of index.search('pricing pilot été a x')) assert.ok(hit.index < docs.length && Number.isFinite(hit.score));
      }
    }
    assert.ok(refused > words.length, `most changes are refused (${refused} of ${words.length * 3})`);
    assert.equal(bm25IndexFile.open(bytes.subarray(0, bytes.length - 4)), undefined, 'cut short');
    assert.equal(bm25IndexFile.open(new Uint8Array([...bytes, 0, 0, 0, 0])), undefined, 'grown');
  });
});
