import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { termsSound, WASM_CHECK_TERMS } from '../../src/search/bm25/bm25-kept-index.js';
import { wasmTermsSound } from '../../src/search/bm25/wasm-terms-check.js';

/** The arrays termsSound reads, for terms and each term's postings count, as an index file lays them out. */
function arraysOf(terms: readonly string[], counts: readonly number[]) {
  const termEnds = new Uint32Array(terms.length);
  const offsets = new Uint32Array(terms.length + 1);
  let end = 0;
  terms.forEach((term, t) => {
    termEnds[t] = end += term.length;
    offsets[t + 1] = offsets[t]! + counts[t]!;
  });
  return { n: 0, v: terms.length, lengths: new Uint32Array(0), termEnds, offsets, text: terms.join('') };
}

/** The JavaScript check: a per-term callback that accepts every term takes that path. */
const scriptCheck = (arrays: ReturnType<typeof arraysOf>, p: number) => termsSound(arrays, p, () => true);

const term = fc.oneof(
  fc.stringMatching(/^[a-c]{1,4}$/),
  fc.string({ minLength: 1, maxLength: 4, unit: 'binary' }),
  fc.constantFrom('\ud800', '\udc00', '\ue000', '\u{1f600}', 'é', 'e'),
);

describe('the terms of a kept index checked in WebAssembly', () => {
  it('accepts and refuses exactly what the JavaScript check does, sorted or not, in range or not', () => {
    // Terms repeated or not, in any order; words changed by a little (one past the text, one short) or anyhow.
    const terms = fc
      .array(term, { maxLength: 40 })
      .chain((list) =>
        fc.tuple(
          fc.constantFrom(list, [...list].sort(), [...new Set(list)].sort(), [...list].sort().reverse()),
          fc.array(fc.integer({ min: 0, max: 3 }), { minLength: list.length, maxLength: list.length }),
        ),
      );
    const change = fc.record({
      array: fc.constantFrom('termEnds', 'offsets', 'none'),
      at: fc.nat(),
      by: fc.oneof(fc.integer({ min: -2, max: 2 }), fc.integer({ min: -200, max: 200 })),
    });
    fc.assert(
      fc.property(terms, change, fc.integer({ min: -1, max: 1 }), ([list, counts], { array, at, by }, off) => {
        const arrays = arraysOf(list, counts);
        const changed = array === 'none' ? undefined : arrays[array];
        if (changed && changed.length > 0) changed[at % changed.length] = Math.max(0, changed[at % changed.length]! + by);
        const p = arrays.offsets[arrays.offsets.length - 1]! + off;
        assert.equal(wasmTermsSound(arrays, p), scriptCheck(arrays, p));
      }),
      { numRuns: 2000 },
    );
  });

  it('checks an index of many terms in WebAssembly, with the same answer', () => {
    const list = Array.from({ length: WASM_CHECK_TERMS + 10 }, (_, i) => `t${i}`).sort();
    const counts = list.map(() => 1);
    const sound = arraysOf(list, counts);
    assert.equal(termsSound(sound, list.length), true);
    const swapped = arraysOf([...list.slice(0, 100), list[101]!, list[100]!, ...list.slice(102)], counts);
    assert.equal(termsSound(swapped, list.length), false);
    assert.equal(scriptCheck(swapped, list.length), false);
    assert.equal(termsSound(sound, list.length + 1), false, 'postings count');
  });
});
