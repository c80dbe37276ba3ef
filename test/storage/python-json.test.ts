import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { pythonFloatRepr, pythonJsonDumps } from '../../src/storage/json/python-json-writer.js';
import { parseJsonPreservingNumbers } from '../../src/storage/json/record-json-parser.js';
import type { JsonValue } from '../../src/records/json.js';

// Expected texts are what CPython 3 prints for json.dumps(value, indent=2, sort_keys=True) + "\n".
describe('pythonJsonDumps', () => {
  it('sorts keys recursively, indents by two and separates with ": "', () => {
    assert.equal(
      pythonJsonDumps({ b: 1, a: { d: [], c: {} }, e: [1, 'x'] }),
      '{\n  "a": {\n    "c": {},\n    "d": []\n  },\n  "b": 1,\n  "e": [\n    1,\n    "x"\n  ]\n}\n',
    );
  });
  it('escapes everything outside printable ASCII, astral characters as surrogate pairs', () => {
    assert.equal(pythonJsonDumps({ u: 'é😀\u007f"\\\n\t\u0001/' }), '{\n  "u": "\\u00e9\\ud83d\\ude00\\u007f\\"\\\\\\n\\t\\u0001/"\n}\n');
  });
  it('sorts keys by code point, not UTF-16 unit', () => {
    assert.equal(pythonJsonDumps({ '\uffff': 1, '😀': 2 }), '{\n  "\\uffff": 1,\n  "\\ud83d\\ude00": 2\n}\n');
  });
  it('writes scalars and empty top-level values as Python does', () => {
    assert.equal(pythonJsonDumps(null), 'null\n');
    assert.equal(pythonJsonDumps([]), '[]\n');
    assert.equal(pythonJsonDumps({ t: true, f: false, n: null }), '{\n  "f": false,\n  "n": null,\n  "t": true\n}\n');
  });
});

describe('pythonFloatRepr', () => {
  const cases: Array<[number, string]> = [
    [1.5, '1.5'],
    [0.1, '0.1'],
    [1e-5, '1e-05'],
    [0.0001, '0.0001'],
    [1e16, '1e+16'],
    [1e15, '1000000000000000.0'],
    // eslint-disable-next-line no-loss-of-precision -- the literal rounds exactly as Python's does
    [123456789012345678, '1.2345678901234568e+17'],
    [-2.5e-7, '-2.5e-07'],
    [-0, '-0.0'],
    [0, '0.0'],
    [3, '3.0'],
    [1.7976931348623157e308, '1.7976931348623157e+308'],
    [5e-324, '5e-324'],
    [Infinity, 'Infinity'],
    [NaN, 'NaN'],
  ];
  for (const [value, text] of cases) it(`${value} → ${text}`, () => assert.equal(pythonFloatRepr(value), text));
});

describe('parseJsonPreservingNumbers', () => {
  const roundTrip = (text: string) => pythonJsonDumps(parseJsonPreservingNumbers(text));
  it('keeps integral floats as floats and integers as integers', () => {
    const text = '{\n  "a": 1.0,\n  "b": 1,\n  "c": [\n    2.0,\n    3,\n    -0.0\n  ],\n  "d": 1e+16,\n  "e": 2.5\n}\n';
    assert.equal(roundTrip(text), text);
  });
  it('keeps integers beyond double precision digit for digit', () => {
    const text = '{\n  "big": 123456789012345678901234567890,\n  "neg": -9007199254740993\n}\n';
    assert.equal(roundTrip(text), text);
  });
  it('normalises float spellings the way Python re-writes them', () => {
    assert.equal(roundTrip('{"a": 1.50, "b": 1.00, "c": 15e-1, "d": 1E2}'), '{\n  "a": 1.5,\n  "b": 1.0,\n  "c": 1.5,\n  "d": 100.0\n}\n');
  });
  it('accepts NaN and Infinity as Python json does', () => {
    assert.equal(roundTrip('[NaN, Infinity, -Infinity]'), '[\n  NaN,\n  Infinity,\n  -Infinity\n]\n');
  });
  it('writes a new value, not the old float form, once a slot is reassigned', () => {
    const record = parseJsonPreservingNumbers('{"weight": 1.0, "text": "version 1.0"}') as Record<string, JsonValue>;
    assert.equal(pythonJsonDumps(record), '{\n  "text": "version 1.0",\n  "weight": 1.0\n}\n');
    record.weight = 2;
    assert.equal(pythonJsonDumps(record), '{\n  "text": "version 1.0",\n  "weight": 2\n}\n');
  });
  it('treats "__proto__" as an ordinary key', () => {
    const record = parseJsonPreservingNumbers('{"__proto__": {"x": 1.0}}') as Record<string, JsonValue>;
    assert.equal(Object.getPrototypeOf(record), Object.prototype);
    assert.equal(pythonJsonDumps(record), '{\n  "__proto__": {\n    "x": 1.0\n  }\n}\n');
  });
  it('leaves parsed values deep-equal to plain objects', () => {
    assert.deepEqual(parseJsonPreservingNumbers('{"a": [1.0, {"b": 2.0}]}'), { a: [1, { b: 2 }] });
  });
  it('rejects malformed text', () => {
    assert.throws(() => parseJsonPreservingNumbers('{"a": 1.0,}'), SyntaxError);
    assert.throws(() => parseJsonPreservingNumbers('{"a": 1.0} x'), SyntaxError);
  });
  it('round-trips any text Python would write (property)', () => {
    const value = fc.letrec((tie) => ({
      json: fc.oneof(
        { depthSize: 'small' },
        fc.constant(null),
        fc.boolean(),
        fc.integer(),
        fc.double({ noNaN: true }),
        fc.string({ unit: 'binary' }),
        fc.array(tie('json'), { maxLength: 4 }),
        fc.dictionary(fc.string({ unit: 'binary' }), tie('json'), { maxKeys: 4 }),
      ),
    })).json;
    fc.assert(
      fc.property(value, (input) => {
        const text = pythonJsonDumps(input as JsonValue);
        assert.equal(pythonJsonDumps(parseJsonPreservingNumbers(text)), text);
      }),
      { numRuns: 300 },
    );
  });
});
