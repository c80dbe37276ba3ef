import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { stringifyJsonPreservingNumbers } from '../../src/storage/json/exact-json-writer.js';
import { parseJsonPreservingNumbers } from '../../src/storage/json/record-json-parser.js';

const RECORD =
  '{"key": "note.n", "one": 1.0, "zero": -0.0, "big": 9007199254740993, "nan": NaN, "inf": -Infinity, ' +
  '"list": [1.0, 2, {"x": 1e16}], "text": "1.0"}';

describe('stringifyJsonPreservingNumbers', () => {
  it('is JSON.stringify for values without marks or non-finite numbers (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(0, 2, 4), (value, indent) => {
        // Through JSON first: what a parse gives (no -0, no marks), so the two writers must agree byte for byte.
        const finite = JSON.parse(JSON.stringify(value)) as unknown;
        assert.equal(stringifyJsonPreservingNumbers(finite, { indent }), JSON.stringify(finite, null, indent));
      }),
      { numRuns: 500 },
    );
  });

  it('prints marked numbers exactly and non-finite ones as Python does, in JSON.stringify layout', () => {
    const record = parseJsonPreservingNumbers(RECORD);
    assert.equal(
      stringifyJsonPreservingNumbers({ status: 'ok', data: { scenario: record } }),
      '{"status":"ok","data":{"scenario":{"key":"note.n","one":1.0,"zero":-0.0,"big":9007199254740993,' +
        '"nan":NaN,"inf":-Infinity,"list":[1.0,2,{"x":1e+16}],"text":"1.0"}}}',
    );
    assert.equal(
      stringifyJsonPreservingNumbers({ data: { list: [1, record] }, warnings: [] }, { indent: 2 }),
      [
        '{',
        '  "data": {',
        '    "list": [',
        '      1,',
        '      {',
        '        "key": "note.n",',
        '        "one": 1.0,',
        '        "zero": -0.0,',
        '        "big": 9007199254740993,',
        '        "nan": NaN,',
        '        "inf": -Infinity,',
        '        "list": [',
        '          1.0,',
        '          2,',
        '          {',
        '            "x": 1e+16',
        '          }',
        '        ],',
        '        "text": "1.0"',
        '      }',
        '    ]',
        '  },',
        '  "warnings": []',
        '}',
      ].join('\n'),
    );
  });

  it('writes non-finite numbers as null for strict JSON, keeping the finite forms', () => {
    const text = stringifyJsonPreservingNumbers(parseJsonPreservingNumbers(RECORD), { nonFinite: 'null' })!;
    assert.match(text, /"one":1\.0,"zero":-0\.0,"big":9007199254740993,"nan":null,"inf":null/);
    assert.equal((JSON.parse(text) as { big: number }).big, 9007199254740992, 'a JavaScript reader rounds it');
  });

  it('leaves out what JSON.stringify leaves out, and calls toJSON', () => {
    const value = { a: undefined, f: () => 1, n: NaN, list: [undefined, () => 1, Infinity], when: new Date(0) };
    assert.equal(stringifyJsonPreservingNumbers(value), '{"n":NaN,"list":[null,null,Infinity],"when":"1970-01-01T00:00:00.000Z"}');
    assert.equal(stringifyJsonPreservingNumbers(undefined), undefined);
    assert.equal(stringifyJsonPreservingNumbers(NaN), 'NaN');
    assert.equal(stringifyJsonPreservingNumbers(NaN, { nonFinite: 'null' }), 'null');
  });

  it('writes a reassigned slot as its new value', () => {
    const record = parseJsonPreservingNumbers('{"weight": 1.0}') as { weight: number };
    record.weight = 2;
    assert.equal(stringifyJsonPreservingNumbers(record), '{"weight":2}');
  });

  it('refuses a cycle as JSON.stringify does', () => {
    const record = parseJsonPreservingNumbers('{"weight": 1.0}') as Record<string, unknown>;
    record.self = record;
    assert.throws(() => stringifyJsonPreservingNumbers(record), TypeError);
  });
});
