import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { Bm25Index } from '../../src/search/bm25/bm25-index.js';
import { Bm25SearchEngine } from '../../src/search/bm25/bm25-engine.js';
import { tokenize } from '../../src/search/tokenize.js';

/**
 * BM25Okapi written out plainly from the formula (REFERENCE.md section 2): k1 = 1.5, b = 0.75,
 * idf = ln((N - df + 0.5) / (df + 0.5) + 1), each query token (repeats included) adds
 * idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * |d| / avgdl)); tokens no document has add nothing.
 */
function referenceScores(corpus: string[][], query: string[]): number[] {
  const k1 = 1.5;
  const b = 0.75;
  const n = corpus.length;
  const avgdl = corpus.reduce((sum, doc) => sum + doc.length, 0) / n;
  const df = new Map<string, number>();
  for (const doc of corpus) for (const term of new Set(doc)) df.set(term, (df.get(term) ?? 0) + 1);
  return corpus.map((doc) => {
    let score = 0;
    for (const q of query) {
      const dfq = df.get(q);
      if (dfq === undefined) continue;
      const tf = doc.filter((term) => term === q).length;
      const idf = Math.log((n - dfq + 0.5) / (dfq + 0.5) + 1);
      score += idf * ((tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * doc.length) / avgdl)));
    }
    return score;
  });
}

function assertRelativelyClose(actual: ArrayLike<number>, expected: number[]): void {
  assert.equal(actual.length, expected.length);
  expected.forEach((value, i) => {
    const difference = Math.abs(actual[i]! - value);
    assert.ok(difference <= 1e-9 * Math.max(Math.abs(value), Math.abs(actual[i]!)), `document ${i}: ${actual[i]} vs ${value}`);
  });
}

const word = fc.constantFrom('the', 'cat', 'sat', 'mat', 'dog', 'humanize', 'back', 'navigation', 'pricing', 'pilot', 'a');
const corpus = fc.array(fc.array(word, { maxLength: 12 }), { minLength: 1, maxLength: 30 });
/** Query tokens: corpus words (often repeated) and words no document has. */
const query = fc.array(fc.oneof(word, fc.constantFrom('zebra', 'unknown', 'pricing-pilot')), { maxLength: 8 });

describe('BM25 against a plain reference computation (property)', () => {
  it('scores every document as the formula does, to 1e-9 relative', () => {
    fc.assert(
      fc.property(corpus, query, (documents, tokens) => {
        assertRelativelyClose(new Bm25Index(documents).scores(tokens), referenceScores(documents, tokens));
      }),
      { numRuns: 300 },
    );
  });

  it('the engine (text fields, context tokenizer) scores like the reference on the tokenized joined text', () => {
    const field = fc
      .array(fc.oneof(word, fc.constantFrom('Back.Navigation', 'pricing-pilot_2026', ' ', 'A/B:test#1')), { maxLength: 6 })
      .map((parts) => parts.join(' '));
    const documents = fc.array(fc.record({ key: field, summary: field }), { minLength: 1, maxLength: 20 });
    fc.assert(
      fc.property(documents, fc.array(fc.oneof(word, fc.constant('zebra')), { maxLength: 5 }), (docs, tokens) => {
        const index = new Bm25SearchEngine().buildIndex(docs, { fields: ['key', 'summary'] });
        const expected = referenceScores(
          docs.map((doc) => tokenize(`${doc.key} ${doc.summary}`)),
          tokens,
        );
        const hits = index.search(tokens.join(' '));
        const byIndex = new Map(hits.map((hit) => [hit.index, hit.score]));
        assertRelativelyClose(
          expected.map((_, i) => byIndex.get(i) ?? 0),
          expected,
        );
        assert.deepEqual(
          [...byIndex.keys()].sort((x, y) => x - y),
          expected.flatMap((score, i) => (score > 0 ? [i] : [])),
        );
        hits.forEach((hit, i) => {
          if (i > 0) assert.ok(hits[i - 1]!.score > hit.score || (hits[i - 1]!.score === hit.score && hits[i - 1]!.index < hit.index));
        });
      }),
      { numRuns: 200 },
    );
  });
});
