import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseJsonMarkingNumbers, parseJsonPreservingNumbers } from '../../src/storage/json/record-json-parser.js';
import { pythonJsonDumps } from '../../src/storage/json/python-json-writer.js';

describe('parseJsonPreservingNumbers fast path', () => {
  const tricky = fc.constantFrom(
    '1.0.8.dev1',
    '2026-07-17T10:00:00Z',
    '12345678901234567',
    'NaN',
    'Infinity',
    '1e5',
    'a "quoted" 1.0',
    'back\\slash 1.0\\',
    '\\"',
    '0.0',
    '',
  );
  const number = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(1e21, 2 ** 60, 0.5, 3));
  const numberText = fc.oneof(number.map(String), fc.constantFrom('1.0', '2.50', '1e3', '12345678901234567', 'NaN', '-Infinity', '7'));
  const member = fc.tuple(
    fc.oneof(tricky, fc.string()),
    fc.oneof(
      fc.oneof(tricky, fc.string()).map((text) => JSON.stringify(text)),
      numberText,
      fc.array(numberText, { maxLength: 3 }).map((items) => `[${items.join(', ')}]`),
    ),
  );
  const documentText = fc
    .array(member, { maxLength: 6 })
    .map((members) => `{${members.map(([k, v]) => `${JSON.stringify(k)}: ${v}`).join(',\n  ')}}`);

  it('parses exactly as the marking parser, marks included', () => {
    fc.assert(
      fc.property(documentText, (text) => {
        let expected: unknown;
        try {
          expected = parseJsonMarkingNumbers(text);
        } catch {
          assert.throws(() => parseJsonPreservingNumbers(text));
          return;
        }
        const actual = parseJsonPreservingNumbers(text);
        assert.deepEqual(actual, expected);
        assert.equal(pythonJsonDumps(actual as never), pythonJsonDumps(expected as never));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps an integral float next to a version-like string', () => {
    const value = parseJsonPreservingNumbers('{"edsl_version": "1.0.8.dev1", "weight": 1.0}');
    assert.equal(pythonJsonDumps(value), '{\n  "edsl_version": "1.0.8.dev1",\n  "weight": 1.0\n}\n');
  });
});
