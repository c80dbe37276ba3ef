import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { fieldText, searchColumns, searchDocuments } from '../../src/records/document-text.js';
import type { JsonValue } from '../../src/records/json.js';
import type { Scenario } from '../../src/records/scenario.js';

/** The texts a value contributes, by the rule as written: strings, numbers and booleans, list items, objects' values when explicit. */
function texts(value: JsonValue | undefined, explicit: boolean, depth = 0): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (Array.isArray(value)) return value.flatMap((item) => texts(item, explicit, depth + 1));
  return explicit && depth < 32 ? Object.values(value).flatMap((item) => texts(item, explicit, depth + 1)) : [];
}

const json = fc.jsonValue({ maxDepth: 4 }) as fc.Arbitrary<JsonValue>;
const fieldName = fc.constantFrom('key', 'kind', 'title', 'summary', 'content', 'tags', 'other');
const field = fc.oneof(
  json,
  fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 6 }),
  fc.array(fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)), { maxLength: 6 }),
);

describe('the search text of a record field', () => {
  it('is the field’s strings, numbers, booleans and list items joined by spaces; objects only when named', () => {
    fc.assert(
      fc.property(field, fc.boolean(), (value, explicit) => {
        const record: Scenario = { tags: value };
        assert.equal(fieldText(record, 'tags', explicit), texts(value, explicit).join(' '));
      }),
      { numRuns: 500 },
    );
  });

  it('joins a list of strings as it is, empty strings included', () => {
    assert.equal(fieldText({ tags: ['pricing', '', 'pilot'] }, 'tags', false), 'pricing  pilot');
    assert.equal(fieldText({ tags: [] }, 'tags', false), '');
    assert.equal(fieldText({ tags: ['a', ['b', 'c'], 1] }, 'tags', false), 'a b c 1');
  });

  it('gives the same texts as columns as document by document', () => {
    fc.assert(
      fc.property(fc.array(fc.dictionary(fieldName, field)), (records) => {
        const columns = searchColumns(records);
        searchDocuments(records, undefined).forEach((document, d) =>
          Object.values(document).forEach((text, f) => assert.equal(columns[f]![d], text)),
        );
      }),
      { numRuns: 200 },
    );
  });
});
