import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { mayNeedNumberMarks } from '../../src/storage/json/number-form-scan.js';
import { hasNumberMarks } from '../../src/storage/json/number-marks.js';
import { parseJsonMarkingNumbers } from '../../src/storage/json/record-json-parser.js';
import { stringifyJsonPreservingNumbers } from '../../src/storage/json/exact-json-writer.js';
import { pythonNumberText } from './python-json-text.js';

describe('mayNeedNumberMarks', () => {
  it('finds every number JSON.parse would read differently from Python (property)', () => {
    fc.assert(
      fc.property(pythonNumberText, fc.constantFrom('{"a": %}', '[1, %]', '{"v": "1.0.8", "n": [%]}', '%'), (literal, shape) => {
        const text = shape.replace('%', literal);
        const marked = stringifyJsonPreservingNumbers(parseJsonMarkingNumbers(text), { nonFinite: 'null' });
        // The native parser would do: any difference in what is written back is a number it loses.
        const native = /NaN|Infinity/.test(literal) ? undefined : JSON.stringify(JSON.parse(text));
        if (shape !== '%' && marked !== native) assert.equal(mayNeedNumberMarks(text), true, text);
      }),
      { numRuns: 3000 },
    );
  });

  it('finds nothing else: true exactly when a number outside the strings needs a mark or is spelled NaN or Infinity (property)', () => {
    // Strings full of what looks like numbers (digit runs, fractions, exponents, NaN), escaped quotes included.
    const lookalike = fc
      .array(fc.oneof(pythonNumberText, fc.constantFrom('.', '\\"', ' ', 'e', 'x', '1.0.8', '0'.repeat(16))), { maxLength: 6 })
      .map((parts) => `"${parts.join('')}"`);
    const container = (value: fc.Arbitrary<string>) =>
      fc.oneof(
        fc.array(value, { maxLength: 4 }).map((items) => `[${items.join(', ')}]`),
        // Keys once each: a key given twice keeps only its last value (and mark), which the scan may not know.
        fc
          .uniqueArray(fc.tuple(lookalike, value), { maxLength: 4, selector: ([key]) => key })
          .map((pairs) => `{${pairs.map(([key, item]) => `${key}: ${item}`).join(', ')}}`),
      );
    const value: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
      value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, pythonNumberText, lookalike, container(tie('value'))),
    })).value;
    fc.assert(
      fc.property(container(value), (text) => {
        const parsed = parseJsonMarkingNumbers(text);
        assert.equal(mayNeedNumberMarks(text), hasNumberMarks(parsed) || !readsNatively(text), text);
      }),
      { numRuns: 3000 },
    );
  });

  it('judges each literal exactly', () => {
    for (const literal of [
      '1.0',
      '-0.0',
      '1e5',
      '100000000000000.007',
      '0.99999999999999999',
      '9007199254740993',
      '12345678901234567.5',
      'NaN',
      '-Infinity',
    ]) {
      assert.equal(mayNeedNumberMarks(`{"a": ${literal}}`), true, literal);
    }
    for (const literal of ['0.30000000000000004', '19.99', '9007199254740991', '123456789012345', '0.5', '-12.25', '3']) {
      assert.equal(mayNeedNumberMarks(`{"a": ${literal}}`), false, literal);
    }
  });

  it('skips what only looks like such a number inside a string', () => {
    assert.equal(mayNeedNumberMarks('{"edsl_version": "1.0.8.dev1", "id": "12345678901234567890", "note": "NaN \\" 1e5"}'), false);
    assert.equal(mayNeedNumberMarks('{"edsl_version": "1.0.8.dev1", "weight": 1.0}'), true);
    assert.equal(mayNeedNumberMarks('{"a\\\\": 1.0}'), true);
    assert.equal(mayNeedNumberMarks('{"a": "unterminated 1.0'), true);
  });
});

/** Whether `JSON.parse` reads the text: the generated texts are JSON but for Python's NaN and ±Infinity. */
function readsNatively(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
