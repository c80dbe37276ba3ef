import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { JsonValue } from '../../src/records/json.js';
import { stringifyJsonPreservingNumbers } from '../../src/storage/json/exact-json-writer.js';
import { pythonJsonDumps } from '../../src/storage/json/python-json-writer.js';
import { parseJsonPreservingNumbers } from '../../src/storage/json/record-json-parser.js';
import { pythonDumpsBatch, pythonJsonText } from './python-json-text.js';

// The real python3 is the reference: one process per batch of samples, not one per sample.
const BATCH = 60;
const RUNS = 8;

describe('Python JSON, against the real python3', () => {
  it('parse then write gives the bytes of json.dumps(json.loads(text), indent=2, sort_keys=True)', () => {
    fc.assert(
      fc.property(fc.array(pythonJsonText, { minLength: BATCH, maxLength: BATCH }), (texts) => {
        const expected = pythonDumpsBatch([texts])[0]!;
        texts.forEach((text, i) => assert.equal(pythonJsonDumps(parseJsonPreservingNumbers(text)), expected[i], `text: ${text}`));
      }),
      { numRuns: RUNS },
    );
  });

  it('the envelope form, indented or compact, reads in Python as the text it was parsed from', () => {
    fc.assert(
      fc.property(fc.array(pythonJsonText, { minLength: BATCH, maxLength: BATCH }), (texts) => {
        const values = texts.map((text) => parseJsonPreservingNumbers(text));
        const [original, indented, compact] = pythonDumpsBatch([
          texts,
          values.map((value) => stringifyJsonPreservingNumbers(value, { indent: 2 })!),
          values.map((value) => stringifyJsonPreservingNumbers(value)!),
        ]);
        texts.forEach((text, i) => {
          assert.equal(indented![i], original![i], `indented, text: ${text}`);
          assert.equal(compact![i], original![i], `compact, text: ${text}`);
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('keys sort as Python sorts them: lone surrogates by their own code point, astral characters last', () => {
    const keys = ['\ue000', '\udc00', '😀', '\ud83d', '\ud83dA', '\uffff', 'z', '\ud800\udc00', '\udbff\udfff', '\ud7ff'];
    const value = Object.fromEntries(keys.map((key, i) => [key, i])) as JsonValue;
    const expected = pythonDumpsBatch([[JSON.stringify(value)]])[0]?.[0];
    assert.equal(pythonJsonDumps(value), expected);
  });
});
