import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ContextBudget,
  ContextPipeline,
  ContextRequest,
  ContextTierService,
  type ContextRecord,
  type ContextRecordTable,
  type ContextSource,
} from '../../../src/context/assembly/index.js';
import { isEpError } from '../../../src/kernel/errors.js';
import { Bm25SearchEngine } from '../../../src/search/bm25/bm25-engine.js';
import { BpeTokenizer } from '../../../src/tokenizer/bpe-tokenizer.js';
import { CHAIN } from './support.js';

const tokenizer = new BpeTokenizer();

/** `records` as a table that counts the records it is asked to make. */
function countingTable(records: readonly ContextRecord[]): ContextRecordTable & { made: number[] } {
  const made: number[] = [];
  return {
    made,
    length: records.length,
    keyAt: (position) => records[position]!.key,
    recordAt: (position) => {
      made.push(position);
      return records[position]!;
    },
  };
}

function tiersOver(...sources: ContextSource[]) {
  const tiers = new ContextTierService({ sources, searchEngine: new Bm25SearchEngine(), tokenizer, budget: new ContextBudget(8000, 1000) });
  return { tiers, pipeline: new ContextPipeline(tiers, tokenizer) };
}

const listSource = (id: string, records: readonly ContextRecord[]): ContextSource => ({ id, tier: 'warm', load: () => records });
const tableSource = (id: string, table: ContextRecordTable): ContextSource => ({ id, tier: 'warm', load: () => table });

/** Records that reference the one before, with every fifth one holding a key another also holds. */
const RECORDS: ContextRecord[] = Array.from({ length: 60 }, (_, i) => ({
  key: i % 5 === 4 ? `rec/${i - 1}` : `rec/${i}`,
  summary: `Record ${i} about ${i % 3 === 0 ? 'tides' : 'ledgers'}`,
  ...(i > 0 ? { previous: `rec/${i - 1}` } : {}),
}));

const requests = [
  new ContextRequest({ purpose: 'tides', focus: ['rec/10'], breadth: 2 }),
  new ContextRequest({ purpose: 'ledgers and tides', query: 'ledgers' }),
  new ContextRequest({ purpose: 'tides', focus: ['rec/3'], breadth: 1, depth: 'SUMMARY' }),
];

describe('a source giving its records as a table', () => {
  it('is answered as the same records given as a list', async () => {
    for (const request of requests) {
      const fromList = await tiersOver(listSource('test/list', RECORDS)).pipeline.requestContext(request);
      const fromTable = await tiersOver(tableSource('test/list', countingTable(RECORDS))).pipeline.requestContext(request);
      assert.ok(fromList.fragments.length > 0);
      assert.deepEqual(fromTable.toJSON(), fromList.toJSON());
    }
  });

  it('has a record made only when one is read, and its keys and copies known without any', async () => {
    const table = countingTable(RECORDS);
    const { tiers } = tiersOver(listSource('test/chain', CHAIN), tableSource('test/table', table));
    await tiers.load();
    assert.equal(tiers.size(), CHAIN.length + RECORDS.length);
    assert.equal(tiers.keyOf(CHAIN.length + 9), 'rec/8');
    assert.equal(tiers.hasCopies({ id: CHAIN.length + 8 }), true);
    assert.equal(tiers.hasCopies({ id: CHAIN.length + 7 }), false);
    assert.deepEqual(table.made, []);
    assert.equal(tiers.entry(CHAIN.length + 2).key, 'rec/2');
    assert.equal(tiers.entry(CHAIN.length + 2).sourceId, 'test/table');
    assert.deepEqual(table.made, [2]);
    assert.equal(tiers.entries().length, CHAIN.length + RECORDS.length);
    assert.equal(table.made.length, RECORDS.length);
  });

  it('finds a key held by a record of a list source and one of a table', async () => {
    const { tiers } = tiersOver(
      listSource('test/chain', CHAIN),
      tableSource('test/table', countingTable([{ key: 'chain/c' }, { key: 'only/here' }])),
    );
    await tiers.load();
    const ids = [...Array(tiers.size()).keys()];
    assert.deepEqual(
      ids.filter((id) => tiers.hasCopies({ id })).map((id) => tiers.keyOf(id)),
      ['chain/c', 'chain/c'],
    );
  });

  it('refuses a key that is not a non-empty string, and a record holding another key than its table gives', async () => {
    const refused = async (table: ContextRecordTable, read: (tiers: ContextTierService) => unknown) => {
      const { tiers } = tiersOver(tableSource('test/bad', table));
      await tiers.load();
      assert.throws(
        () => read(tiers),
        (error: unknown) => isEpError(error) && error.code === 'CONTEXT_RECORD_INVALID' && /test\/bad/.test(error.message),
      );
    };
    await refused({ length: 2, keyAt: (p) => (p === 1 ? '' : 'a'), recordAt: () => ({ key: 'a' }) }, (tiers) => tiers.keyOf(1));
    await refused({ length: 1, keyAt: () => 'a', recordAt: () => ({ key: 'b' }) }, (tiers) => tiers.entry(0));
    await refused({ length: 1, keyAt: () => 'a', recordAt: () => ['a'] as unknown as ContextRecord }, (tiers) => tiers.entry(0));
  });

  it('refuses a table whose length is not a count', async () => {
    for (const length of [-1, 1.5, Number.NaN]) {
      const { tiers } = tiersOver(tableSource('test/bad', { length, keyAt: () => 'a', recordAt: () => ({ key: 'a' }) }));
      await assert.rejects(tiers.load(), (error: unknown) => isEpError(error) && error.code === 'CONTEXT_RECORD_INVALID');
    }
  });
});
