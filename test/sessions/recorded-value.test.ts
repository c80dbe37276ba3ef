import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { recordedText, recordedValue, TRUNCATION_MARKER_PATTERN, truncationMarker } from '../../src/sessions/recorded-value.js';

const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
const markedSize = (text: unknown) => Number(TRUNCATION_MARKER_PATTERN.exec(String(text))?.[1] ?? Number.NaN);

describe('recordedValue', () => {
  it('records a value within the bound as it is', () => {
    const value = { query: 'pricing pilot', topK: 5, tags: ['a', 'b'], nested: { ok: true, none: null } };
    assert.deepEqual(recordedValue(value, 1024), value);
  });

  it('keeps the shape of a value with one huge string, cutting the string and naming its size', () => {
    const query = 'lorem ipsum '.repeat(100_000);
    const recorded = recordedValue({ query, topK: 5 }, 4096) as { query: string; topK: number };
    assert.equal(recorded.topK, 5);
    assert.ok(query.startsWith(recorded.query.replace(TRUNCATION_MARKER_PATTERN, '')));
    assert.equal(markedSize(recorded.query), Buffer.byteLength(query));
    assert.ok(jsonBytes(recorded) <= 4096, `${jsonBytes(recorded)} bytes`);
    assert.ok(jsonBytes(recorded) > 2048, 'most of the bound is used');
  });

  it('records a value of very many small parts as the start of its JSON text, marked with its size', () => {
    const value = Array.from({ length: 50_000 }, (_, i) => i);
    const recorded = recordedValue(value, 2048);
    assert.equal(typeof recorded, 'string');
    assert.ok((recorded as string).startsWith('[0,1,2,3'));
    assert.equal(markedSize(recorded), jsonBytes(value));
    assert.ok(jsonBytes(recorded) <= 2048);
  });

  it('never cuts a character in half', () => {
    const recorded = recordedValue({ text: '😀'.repeat(10_000) }, 1000) as { text: string };
    const kept = recorded.text.replace(TRUNCATION_MARKER_PATTERN, '');
    assert.ok(kept.length > 0 && /^(?:😀)+$/u.test(kept), kept.slice(-4));
    assert.equal(markedSize(recorded.text), 40_000);
  });

  it('cuts long keys too', () => {
    const key = 'k'.repeat(10_000);
    const recorded = recordedValue({ [key]: 1 }, 1000) as Record<string, number>;
    const [only] = Object.keys(recorded);
    assert.equal(markedSize(only), 10_000);
    assert.equal(recorded[only!], 1);
  });

  it('turns what JSON cannot hold into readable stand-ins, as before', () => {
    assert.deepEqual(recordedValue({ f: () => 1, n: Number.NaN, b: 10n }), { n: 'NaN', b: '10' });
  });

  it('property: any value is recorded within the bound; one within it is recorded unchanged', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.integer({ min: 128, max: 4096 }), (value, max) => {
        const recorded = recordedValue(value, max);
        assert.ok(jsonBytes(recorded) <= max, `${jsonBytes(recorded)} > ${max}`);
        if (jsonBytes(value) <= max) assert.equal(JSON.stringify(recorded), JSON.stringify(value));
      }),
      { numRuns: 300 },
    );
  });

  it('property: a cut string is the start of the original followed by the marker naming its size', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 0, maxLength: 3000 }), fc.integer({ min: 64, max: 2000 }), (text, max) => {
        const recorded = recordedText(text, max);
        assert.ok(jsonBytes(recorded) <= max);
        if (recorded === text) return;
        assert.equal(markedSize(recorded), Buffer.byteLength(text));
        assert.ok(text.startsWith(recorded.slice(0, recorded.length - truncationMarker(Buffer.byteLength(text)).length)));
      }),
      { numRuns: 300 },
    );
  });
});
