import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ContextBudget, ContextRequest, type ContextRecord } from '../../../src/context/assembly/index.js';
import { BpeTokenizer } from '../../../src/tokenizer/bpe-tokenizer.js';
import { CHAIN, contextOver } from './support.js';

const request = (init: Partial<ConstructorParameters<typeof ContextRequest>[0]> = {}) =>
  new ContextRequest({ purpose: 'work on the chain', ...init });
const nodes = (result: { fragments: readonly { ukoNode: string }[] }) => result.fragments.map((f) => f.ukoNode);

describe('ContextPipeline', () => {
  it('gives an empty result with 0 tokens for an empty store', async () => {
    const result = await contextOver({}).pipeline.requestContext(request());
    assert.deepEqual([result.fragments.length, result.totalTokens, result.budgetUsed], [0, 0, 0]);
    assert.match(result.contextHash, /^[0-9a-f]{64}$/);
  });

  it('expands breadth hops both ways along references, with the gradient', async () => {
    const { pipeline } = contextOver({ warm: CHAIN });
    const result = await pipeline.requestContext(request({ focus: ['chain/b'], breadth: 1 }));
    assert.deepEqual(nodes(result).sort(), ['chain/a', 'chain/b', 'chain/c']);
    const depth = Object.fromEntries(result.fragments.map((f) => [f.ukoNode, f.detailDepth]));
    assert.deepEqual(depth, { 'chain/a': 2, 'chain/b': 3, 'chain/c': 2 });
    assert.equal(result.fragments[0]!.ukoNode, 'chain/b', 'the focus comes first');
  });

  it('keeps only query matches, scored 0..1 with the best at 1', async () => {
    const { pipeline } = contextOver({ warm: [...CHAIN, { key: 'other/x', summary: 'Unrelated record' }] });
    const result = await pipeline.requestContext(request({ query: 'step 2 work' }));
    assert.ok(result.fragments.length > 0);
    assert.ok(!nodes(result).includes('other/x'));
    assert.equal(Math.max(...result.fragments.map((f) => f.relevanceScore)), 1);
    for (const fragment of result.fragments) assert.equal(fragment.provenance.strategy, 'query');
  });

  it('selects tiers by temporal scope', async () => {
    const { pipeline } = contextOver({ warm: [CHAIN[0]!], cold: [{ key: 'old/note', summary: 'An old decision' }] });
    assert.deepEqual(nodes(await pipeline.requestContext(request({ temporal: 'current' }))), ['chain/a']);
    assert.deepEqual(nodes(await pipeline.requestContext(request({ temporal: 'historical' }))), ['old/note']);
    assert.deepEqual(nodes(await pipeline.requestContext(request({ temporal: 'all' }))).sort(), ['chain/a', 'old/note']);
  });

  it('keeps the deeper copy of a node', async () => {
    const shallow = { key: 'chain/a', summary: 'Old copy' };
    const { pipeline } = contextOver({ cold: [shallow], warm: [CHAIN[0]!] }, { maxDepth: { cold: 1 } });
    const result = await pipeline.requestContext(request({ temporal: 'all' }));
    assert.equal(result.fragments.length, 1);
    assert.equal(result.fragments[0]!.detailDepth, 3);
    assert.match(result.fragments[0]!.provenance.location, /^warm:/);
  });

  it('retries at lower depths before dropping, and drops what cannot fit at all', async () => {
    const long: ContextRecord = { key: 'k', summary: 'short', content: 'word '.repeat(400) };
    const { pipeline } = contextOver({ warm: [long] });
    const fallback = await pipeline.requestContext(request({ maxTokens: 5 }));
    assert.equal(fallback.fragments[0]!.detailDepth, 1);
    assert.equal(fallback.fragments[0]!.provenance.strategy, 'purpose+depth-fallback');
    const none = await pipeline.requestContext(request({ maxTokens: 0 }));
    assert.equal(none.fragments.length, 0);
  });

  it('promotes what it serves into the hot tier, which demotes by LRU when over budget', async () => {
    const records = CHAIN.map((r) => ({ ...r, content: `${r.content} ${'filler '.repeat(20)}` }));
    const { pipeline, tiers } = contextOver({ warm: records }, { budget: new ContextBudget(80, 0) });
    await pipeline.requestContext(request({ focus: ['chain/a'], breadth: 0 }));
    const [a, , , d] = tiers.entries();
    assert.equal(tiers.tierOf(a!), 'hot');
    await pipeline.requestContext(request({ focus: ['chain/d'], breadth: 0 }));
    assert.equal(tiers.tierOf(d!), 'hot');
    assert.equal(tiers.tierOf(a!), 'warm', 'the least recently used entry was demoted');
    assert.ok(tiers.budgetState().used_tokens <= 80);
  });

  it('never exceeds the budget, counts exactly and hashes deterministically (property)', async () => {
    const counter = await new BpeTokenizer().load();
    const record = fc.record({
      key: fc.stringMatching(/^[a-z]{1,6}\/[a-z]{1,6}$/),
      summary: fc.lorem({ maxCount: 6 }),
      content: fc.lorem({ maxCount: 60 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(record, { maxLength: 25 }), fc.nat(400), fc.nat(100), async (records, max, reservedShare) => {
        const reserved = Math.floor((max * reservedShare) / 100);
        const build = () => contextOver({ warm: records }, { budget: new ContextBudget(max, reserved) }).pipeline;
        const first = await build().requestContext(request());
        const second = await build().requestContext(request());
        assert.ok(first.totalTokens <= max - reserved);
        assert.equal(
          first.fragments.reduce((sum, f) => sum + f.tokenCount, 0),
          first.totalTokens,
        );
        for (const fragment of first.fragments) assert.equal(fragment.tokenCount, counter.count(fragment.content));
        assert.equal(new Set(nodes(first)).size, first.fragments.length, 'one fragment per node');
        assert.equal(first.contextHash, second.contextHash);
      }),
      { numRuns: 40 },
    );
  });
});
