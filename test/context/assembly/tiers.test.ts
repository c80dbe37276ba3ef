import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ContextBudget, type ContextRecord } from '../../../src/context/assembly/index.js';
import { CHAIN, contextOver } from './support.js';

describe('ContextTierService', () => {
  it('fills the hot tier from hot sources and reports the budget', async () => {
    const { tiers } = contextOver({ hot: [CHAIN[0]!], warm: [CHAIN[1]!] }, { budget: new ContextBudget(500, 100) });
    await tiers.load();
    const state = tiers.budgetState();
    assert.deepEqual([state.max_tokens, state.reserved_tokens, state.available_tokens], [500, 100, 400]);
    assert.ok(state.used_tokens > 0);
    assert.deepEqual(
      tiers.entries().map((e) => tiers.tierOf(e)),
      ['hot', 'warm'],
    );
  });

  it('links records whose fields name other keys, in both directions', async () => {
    const { tiers } = contextOver({ warm: CHAIN });
    await tiers.load();
    const [a, b] = tiers.entries();
    assert.deepEqual(tiers.neighbours(b!), [0, 2]);
    assert.deepEqual(tiers.neighbours(a!), [1]);
  });

  it('resolves references by uri as well as by key', async () => {
    const { tiers } = contextOver({
      warm: [
        { key: 'auth', uri: 'uko-py:module/auth' },
        { key: 'login', module: 'uko-py:module/auth' },
      ],
    });
    await tiers.load();
    assert.deepEqual(tiers.neighbours(tiers.entries()[1]!), [0]);
  });

  it('searches the history tiers only', async () => {
    const { tiers } = contextOver({
      hot: [{ key: 'now', summary: 'rotate keys now' }],
      cold: [{ key: 'then', summary: 'rotate keys later' }],
    });
    await tiers.load();
    assert.deepEqual(
      tiers.searchHistory('rotate keys').map((e) => [e.key, e.tier]),
      [['then', 'cold']],
    );
    assert.deepEqual(tiers.searchHistory('nothing_like_this'), []);
  });

  it('adds records at run time to the index and the graph', async () => {
    const { tiers } = contextOver({ warm: [CHAIN[0]!] });
    await tiers.load();
    await tiers.add({ key: 'late', summary: 'late arrival', about: 'chain/a' }, 'cold', 'test/late');
    assert.equal(tiers.searchHistory('arrival')[0]!.key, 'late');
    assert.deepEqual(tiers.neighbours(tiers.entries()[0]!), [1]);
  });

  it('refuses records without a key, naming the source', async () => {
    const { tiers } = contextOver({ warm: [{ summary: 'no key' } as unknown as ContextRecord] });
    await assert.rejects(tiers.load(), { code: 'CONTEXT_RECORD_INVALID', message: /test\/warm/ });
  });
});
