import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Bm25Index } from '../../src/search/bm25/bm25-index.js';
import { tokenize } from '../../src/search/tokenize.js';

const corpus = [
  'the cat sat on the mat',
  'the dog sat',
  'cats and dogs',
  'humanize survey back navigation',
  'back navigation settings in humanize schema',
].map((text) => text.split(' '));

function assertClose(actual: ArrayLike<number>, expected: number[]) {
  assert.equal(actual.length, expected.length);
  expected.forEach((value, i) => {
    const tolerance = Math.abs(value) * 1e-12;
    assert.ok(Math.abs(actual[i]! - value) <= tolerance, `score ${i}: ${actual[i]} vs ${value}`);
  });
}

describe('BM25 (the reference worked example)', () => {
  const index = new Bm25Index(corpus);
  it('scores "the"', () => assertClose(index.scores(['the']), [1.119785594289872, 1.0217672266199362, 0, 0, 0]));
  it('scores "humanize back navigation"', () =>
    assertClose(index.scores(['humanize', 'back', 'navigation']), [0, 0, 0, 2.7384330173155167, 2.2570678384905234]));
  it('counts a repeated query token again', () =>
    assertClose(index.scores(['the', 'the']), [2 * 1.119785594289872, 2 * 1.0217672266199362, 0, 0, 0]));
  it('ignores unknown tokens', () => assertClose(index.scores(['zebra']), [0, 0, 0, 0, 0]));
  it('gives no hits on an empty corpus', () => assert.deepEqual(new Bm25Index([]).search('anything'), []));
  it('ranks by score, leaves out zero scores, and applies topK last', () => {
    assert.deepEqual(
      index.searchTokens(['the']).map((hit) => hit.index),
      [0, 1],
    );
    assert.deepEqual(
      index.searchTokens(['humanize', 'back', 'navigation'], { topK: 1 }).map((hit) => hit.index),
      [3],
    );
  });
});

describe('tokenize', () => {
  it('splits dotted keys and separators', () =>
    assert.deepEqual(tokenize('preference.humanize.navigation a_b-c/d:e#f  G'), [
      'preference',
      'humanize',
      'navigation',
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
      'g',
    ]));
  it('gives nothing for blank text', () => assert.deepEqual(tokenize('  .. '), []));
});
