import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { topHits } from '../../src/search/bm25/top-hits.js';
import { scanTokens, tokenize } from '../../src/search/tokenize.js';

describe('top-k selection (property)', () => {
  it('equals sorting every positive score (descending, ties in document order) and keeping the first k', () => {
    const score = fc.oneof(fc.constantFrom(0, 1, 2.5), fc.double({ min: 0, max: 10, noNaN: true }));
    fc.assert(
      fc.property(fc.array(score, { maxLength: 60 }), fc.option(fc.nat(70), { nil: undefined }), (values, topK) => {
        const scores = Float64Array.from(values);
        const expected = values
          .map((s, index) => ({ index, score: s }))
          .filter((hit) => hit.score > 0)
          .sort((a, b) => b.score - a.score || a.index - b.index)
          .slice(0, topK ?? Infinity);
        assert.deepEqual(topHits(scores, topK), expected);
      }),
      { numRuns: 500 },
    );
  });
});

describe('the single-scan tokenizer (property)', () => {
  it('gives exactly the tokens of the regular-expression tokenizer', () => {
    const piece = fc.oneof(
      fc.string(),
      fc.constantFrom(
        '.',
        '_',
        '-',
        '/',
        ':',
        '#',
        ' ',
        '\t',
        '\n',
        '\u00a0',
        '\u2003',
        '\u3000',
        '\ufeff',
        '\u180e',
        '\u001c',
        '\u0000',
        'İ',
        'Straße',
        'ÀB',
        'preference.humanize.navigation',
      ),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join('');
        const scanned: string[] = [];
        scanTokens(text, (token) => scanned.push(token));
        assert.deepEqual(scanned, tokenize(text));
      }),
      { numRuns: 1000 },
    );
  });

  it('splits keys into words', () => {
    assert.deepEqual(tokenize('preference.humanize.navigation'), ['preference', 'humanize', 'navigation']);
    assert.deepEqual(tokenize('Study.Pricing-Pilot_2026/07:a#b'), ['study', 'pricing', 'pilot', '2026', '07', 'a', 'b']);
    assert.deepEqual(tokenize('  '), []);
  });
});
