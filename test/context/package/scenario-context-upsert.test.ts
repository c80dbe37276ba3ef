import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ScenarioContext } from '../../../src/context/package/scenario-context.js';
import { ScenarioList } from '../../../src/records/scenario-list.js';
import type { Scenario } from '../../../src/records/scenario.js';
import { pythonJsonDumps } from '../../../src/storage/json/python-json-writer.js';
import { parseJsonPreservingNumbers } from '../../../src/storage/json/record-json-parser.js';

/** A context whose clock moves on by a minute at every write, so a stamp alone would make a change. */
function contextWith(records: Scenario[]): ScenarioContext {
  let minutes = 0;
  return new ScenarioContext(new ScenarioList(records), { now: () => new Date(Date.UTC(2026, 0, 1, 0, minutes++)) });
}

describe('ScenarioContext.upsert of a record identical to the stored one', () => {
  it('is unchanged and keeps the stored record, timestamps included', () => {
    const context = contextWith([]);
    const first = context.upsert({ key: 'a', summary: 'same', tags: ['x'] }).record;
    const again = context.upsert({ key: 'a', summary: 'same', tags: ['x'] });
    assert.equal(again.status, 'unchanged');
    assert.equal(again.record, first);
    assert.equal(context.get('a'), first);
  });

  it('is unchanged for the stored record given back whole, or as a copy without its float marks', () => {
    const stored = parseJsonPreservingNumbers(
      '{"key": "a", "weight": 1.0, "created_at": "2025-01-01T00:00:00Z", "updated_at": "2025-01-02T00:00:00Z"}',
    ) as Scenario;
    const context = contextWith([stored]);
    assert.equal(context.upsert(stored).status, 'unchanged');
    assert.equal(context.upsert({ ...stored }).status, 'unchanged');
    assert.equal(context.upsert({ key: 'a', weight: 1 }).status, 'unchanged');
  });

  it('is unchanged for a record the stored one matches without timestamps of its own (written by EDSL)', () => {
    const context = contextWith([{ key: 'a', summary: 'from EDSL' }]);
    assert.equal(context.upsert({ key: 'a', summary: 'from EDSL' }).status, 'unchanged');
    assert.deepEqual(context.get('a'), { key: 'a', summary: 'from EDSL' });
  });

  it('is an update when any field differs, a timestamp given included', () => {
    const context = contextWith([]);
    const first = context.upsert({ key: 'a', summary: 'same' }).record;
    assert.equal(context.upsert({ key: 'a', summary: 'same', updated_at: '2030-01-01T00:00:00Z' }).status, 'updated');
    assert.equal(context.upsert({ key: 'a', summary: 'other' }).status, 'updated');
    assert.equal(context.upsert({ key: 'a' }).status, 'updated');
    assert.equal(context.get('a')!.created_at, first.created_at);
  });

  it('keeps a stored float as it was written', () => {
    const stored = parseJsonPreservingNumbers('{"key": "a", "weight": 1.0}') as Scenario;
    const context = contextWith([stored]);
    context.upsert({ key: 'a', weight: 1 });
    assert.equal(pythonJsonDumps(context.get('a')!), '{\n  "key": "a",\n  "weight": 1.0\n}\n');
  });

  it('holds for any record: the second of two equal upserts is unchanged, and a differing one is not', () => {
    const fields = fc.dictionary(
      fc.string({ maxLength: 6 }).filter((name) => name !== 'key'),
      fc.jsonValue({ maxDepth: 3 }),
      { maxKeys: 5 },
    );
    fc.assert(
      fc.property(fields, fc.jsonValue({ maxDepth: 2 }), (extra, other) => {
        const record = JSON.parse(JSON.stringify({ ...extra, key: 'k' })) as Scenario;
        const context = contextWith([]);
        context.upsert(record);
        assert.equal(context.upsert(JSON.parse(JSON.stringify(record)) as Scenario).status, 'unchanged');
        const changed = { ...record, extra_field: other } as Scenario;
        assert.equal(context.upsert(changed).status, 'updated');
      }),
      { numRuns: 200 },
    );
  });
});
