import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { Bm25SearchEngine } from '../../src/search/bm25/bm25-engine.js';
import { bm25IndexFile } from '../../src/search/bm25/bm25-index-file.js';
import { IndexDamaged, type IndexByteSource, type SearchDocument } from '../../src/search/search-engine.js';
import { searchText } from '../support/search-text.js';

const engine = new Bm25SearchEngine();
const FIELDS = ['key', 'summary', 'tags'];

const text = searchText;
const anyText = fc.oneof(text, fc.string(), fc.string({ unit: 'grapheme' }));
const documents = fc.array(fc.record({ key: anyText, summary: anyText, tags: anyText }), { maxLength: 40 });

/**
 * The index read back from its bytes, copied to an offset that is not 4-aligned when `misaligned`; read in
 * place (a range at a time, as a cache file is) when `inPlace`.
 */
function reopened(docs: SearchDocument[], misaligned = false, inPlace = false) {
  const bytes = bm25IndexFile.encode(docs, { fields: FIELDS });
  const placed = misaligned ? new Uint8Array(bytes.length + 1).fill(7).subarray(1) : bytes;
  if (misaligned) placed.set(bytes);
  const index = inPlace ? bm25IndexFile.openSource!(sourceOf(placed)) : bm25IndexFile.open(placed);
  assert.ok(index, 'the index reads back');
  return index;
}

/** Copies of an encoded index with one word changed: each word in turn, to its value plus one, 0 and 0xffffffff. */
function* changedWords(bytes: Uint8Array): Generator<{ at: number; value: number; changed: Uint8Array }> {
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 4));
  for (let at = 0; at < words.length; at += 1) {
    for (const value of [words[at]! + 1, 0, 0xffffffff]) {
      if (value === words[at]) continue;
      const changed = bytes.slice();
      new Uint32Array(changed.buffer, 0, words.length)[at] = value;
      yield { at, value, changed };
    }
  }
}

/** Bytes read a range at a time, each range a copy (as reads from a file are). */
function sourceOf(bytes: Uint8Array): IndexByteSource {
  return {
    byteLength: bytes.length,
    read: (offset, length) => {
      assert.ok(offset >= 0 && length >= 0 && offset + length <= bytes.length, 'reads stay within the index');
      return bytes.slice(offset, offset + length);
    },
  };
}

describe('the BM25 index kept as bytes', () => {
  it('gives exactly the hits and scores of an index built from the documents', () => {
    fc.assert(
      fc.property(
        documents,
        fc.oneof(text, fc.string()),
        fc.option(fc.nat(12), { nil: undefined }),
        fc.boolean(),
        fc.boolean(),
        (docs, query, topK, misaligned, inPlace) => {
          const options = topK === undefined ? {} : { topK };
          assert.deepEqual(
            reopened(docs, misaligned, inPlace).search(query, options),
            engine.buildIndex(docs, { fields: FIELDS }).search(query, options),
          );
        },
      ),
      { numRuns: 400 },
    );
  });

  it('is the same bytes made from the documents as columns of field texts as made from the documents', () => {
    fc.assert(
      fc.property(documents, (docs) => {
        const columns = FIELDS.map((field) => docs.map((document: SearchDocument) => document[field]!));
        const expected = bm25IndexFile.encode(docs, { fields: FIELDS });
        assert.deepEqual(bm25IndexFile.encodeColumns!(columns), expected);
        // The same columns given encoded too, as the read cache has them (UTF-8 back to back, ends in UTF-16 units).
        const encoded = columns.map((texts) => {
          let end = 0;
          return { ends: Uint32Array.from(texts, (text) => (end += text.length)), text: Buffer.from(texts.join(''), 'utf8') };
        });
        assert.deepEqual(bm25IndexFile.encodeColumns!(columns, encoded), expected);
      }),
      { numRuns: 300 },
    );
    assert.deepEqual(bm25IndexFile.encodeColumns!([]), bm25IndexFile.encode([], { fields: FIELDS }));
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
        const combined = (inPlace: boolean) => bm25IndexFile.combine!(groups.map((group) => reopened(group, false, inPlace)))!;
        for (const index of [built, reopened(all), reopened(all, true, true), combined(false), combined(true)])
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
    const words = Math.floor(bytes.length / 4);
    let refused = 0;
    for (const { changed } of changedWords(bytes)) {
      const index = bm25IndexFile.open(changed);
      if (index === undefined) {
        refused += 1;
        continue;
      }
      // A change the checks let through must still be a well-formed index: no out-of-range reads.
      for (const hit of index.search('pricing pilot été a x')) assert.ok(hit.index < docs.length && Number.isFinite(hit.score));
    }
    assert.ok(refused > words, `most changes are refused (${refused} of ${words * 3})`);
    assert.equal(bm25IndexFile.open(bytes.subarray(0, bytes.length - 4)), undefined, 'cut short');
    assert.equal(bm25IndexFile.openSource!(sourceOf(bytes.subarray(0, bytes.length - 4))), undefined, 'cut short, read in place');
    assert.equal(bm25IndexFile.open(new Uint8Array([...bytes, 0, 0, 0, 0])), undefined, 'grown');
  });

  it('read in place, answers as read whole, or is refused when opened, or fails the query that reads a changed posting', () => {
    const docs = [
      { key: 'a.pilot', summary: 'pricing pilot', tags: 'x' },
      { key: 'b', summary: 'conjoint pricing', tags: '' },
      { key: 'c', summary: 'été', tags: 'pilot' },
    ];
    const every = 'a pilot pricing x b conjoint c été';
    const bytes = bm25IndexFile.encode(docs, { fields: FIELDS });
    let failedQuery = 0;
    for (const { at, value, changed } of changedWords(bytes)) {
      const whole = bm25IndexFile.open(changed);
      const inPlace = bm25IndexFile.openSource!(sourceOf(changed));
      if (whole) {
        assert.ok(inPlace, `word ${at}: what is read whole is read in place`);
        assert.deepEqual(inPlace.search(every), whole.search(every));
      } else if (inPlace) {
        // Refused whole for its postings: the query that reads them fails, never answers.
        assert.throws(() => inPlace.search(every), IndexDamaged, `word ${at} = ${value}`);
        failedQuery += 1;
      }
    }
    assert.ok(failedQuery > 0, 'changed postings are found by the query that reads them');
  });
});
