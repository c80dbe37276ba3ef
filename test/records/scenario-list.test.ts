import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ScenarioList } from '../../src/records/scenario-list.js';
import type { Scenario } from '../../src/records/scenario.js';
import { isEpError } from '../../src/kernel/errors.js';
import { Bm25SearchEngine } from '../../src/search/bm25/bm25-engine.js';

const key = fc.constantFrom('a', 'b', 'c', 'd', 'e');
/** Records with keys drawn from a small set, so lists often hold the same key twice; some have no key. */
const record: fc.Arbitrary<Scenario> = fc.record(
  { key, title: fc.string({ maxLength: 5 }), n: fc.integer() },
  { requiredKeys: ['title', 'n'] },
);
const records = fc.array(record, { maxLength: 12 });
const incoming: fc.Arbitrary<Scenario> = fc.record({ key, title: fc.string({ maxLength: 5 }) });

function checkUpsert(before: Scenario[], added: Scenario, after: Scenario[]): void {
  const position = before.findIndex((existing) => existing.key === added.key);
  if (position >= 0) {
    assert.equal(after.length, before.length);
    assert.equal(after[position], added);
  } else {
    assert.equal(after.length, before.length + 1);
    assert.equal(after[after.length - 1], added);
  }
  // Every other record is the same object in the same position.
  before.forEach((existing, i) => {
    if (i !== position) assert.equal(after[i], existing);
  });
}

describe('ScenarioList.upsert (property)', () => {
  it('replaces the first record with the key in its position, or appends; never loses another record', () => {
    fc.assert(
      fc.property(records, incoming, (items, added) => {
        const list = new ScenarioList(items);
        const updated = list.upsert('key', added);
        checkUpsert(items, added, updated.toArray());
        assert.notEqual(updated, list);
        assert.deepEqual(list.toArray(), items, 'the original list is unchanged');
      }),
      { numRuns: 500 },
    );
  });

  it('in place: the same guarantees, on the same list', () => {
    fc.assert(
      fc.property(records, incoming, (items, added) => {
        const list = new ScenarioList(items);
        assert.equal(list.upsert('key', added, { inPlace: true }), list);
        checkUpsert(items, added, list.toArray());
      }),
      { numRuns: 500 },
    );
  });

  it('upserting every record of a list into it again leaves it equal', () => {
    fc.assert(
      fc.property(fc.uniqueArray(incoming, { selector: (r) => r.key }), (items) => {
        let list = new ScenarioList(items);
        for (const item of items) list = list.upsert('key', { ...item });
        assert.deepEqual(
          list.toArray().map((r) => ({ ...r })),
          items.map((r) => ({ ...r })),
        );
      }),
    );
  });
});

describe('ScenarioList.indexBy, lookup and lookupMany (property)', () => {
  it('errors exactly when a value repeats; first and last wins agree with lookup and lookupMany', () => {
    fc.assert(
      fc.property(records, (items) => {
        const list = new ScenarioList(items);
        const keyed = items.filter((item) => item.key !== undefined);
        const distinct = new Set(keyed.map((item) => item.key));
        if (distinct.size === keyed.length) assert.equal(list.indexBy('key').size, keyed.length);
        else
          assert.throws(
            () => list.indexBy('key'),
            (error) => isEpError(error) && error.code === 'DUPLICATE_KEY',
          );
        const first = list.indexBy('key', { onDuplicate: 'first' });
        const last = list.indexBy('key', { onDuplicate: 'last' });
        for (const value of distinct) {
          const all = list.lookupMany('key', value!).toArray();
          assert.deepEqual(
            all,
            keyed.filter((item) => item.key === value),
          );
          assert.equal(first.get(value!), all[0]);
          assert.equal(list.lookup('key', value!), all[0]);
          assert.equal(last.get(value!), all[all.length - 1]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('names the value and both positions of a duplicate', () => {
    const list = new ScenarioList([{ key: 'x' }, { key: 'y' }, { key: 'x' }]);
    assert.throws(() => list.indexBy('key'), /Duplicate key "x" at positions 0 and 2/);
  });
});

describe('ScenarioList.search', () => {
  const list = new ScenarioList(
    [
      { key: 'preference.humanize.navigation', summary: 'Back settings', tags: ['ux'] },
      { key: 'study.back-button', summary: 'Spec', artifacts: { spec: 'github issue' } },
    ],
    { summary: 'A description of the record' },
  );

  const engine = new Bm25SearchEngine();

  it('returns a ScenarioList by default and scored items on request', () => {
    assert.ok(list.search('back', { engine }) instanceof ScenarioList);
    const scored = list.search('back', { engine, includeScores: true });
    assert.equal(scored.length, 2);
    assert.ok(scored[0]!.score >= scored[1]!.score && scored[1]!.score > 0);
  });

  it('reaches nested fields only through explicit paths, and never searches the codebook', () => {
    assert.equal(list.search('github', { engine }).length, 0);
    assert.equal(list.search('github', { engine, fields: ['artifacts.spec'] }).length, 1);
    assert.equal(list.search('github', { engine, fields: ['artifacts'] }).length, 1);
    assert.equal(list.search('description', { engine }).length, 0);
  });

  it('has no engine of its own: without one it fails naming the engine field', () => {
    const search = list.search.bind(list) as (query: string, options?: object) => unknown;
    for (const options of [undefined, {}, { includeScores: true }]) {
      assert.throws(
        () => search('back', options),
        (error: unknown) =>
          isEpError(error) &&
          error.code === 'SEARCH_ENGINE_REQUIRED' &&
          error.details?.field === 'engine' &&
          error.message.includes('engine'),
      );
    }
  });
});
