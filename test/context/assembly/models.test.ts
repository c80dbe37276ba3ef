import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  AssembledContext,
  CODE_DETAIL_MAP,
  ContextBudget,
  ContextFragment,
  ContextRequest,
  DetailLevelMap,
  FragmentProvenance,
  RECORD_DETAIL_MAP,
} from '../../../src/context/assembly/index.js';

const invalid = (field: string) => (error: any) => error.code === 'CRP_INVALID' && error.exitCode === 5 && error.message.includes(field);

describe('DetailLevelMap', () => {
  it('serves the code domain levels', () => {
    assert.deepEqual(CODE_DETAIL_MAP.effectiveLevels(), {
      MODULE_LISTING: 0,
      MEMBER_LISTING: 2,
      SIGNATURES: 4,
      STRUCTURAL_OUTLINE: 6,
      FULL_SOURCE: 9,
    });
  });
  it('inherits from its parent and lets its own levels win', () => {
    const child = new DetailLevelMap({
      domain: 'uko-oo:',
      maxDepth: 11,
      parent: CODE_DETAIL_MAP,
      levels: { SIGNATURES: 5, CLASS_HIERARCHY: 3 },
    });
    assert.equal(child.resolve('FULL_SOURCE'), 9);
    assert.equal(child.resolve('SIGNATURES'), 5);
    assert.equal(child.resolve('CLASS_HIERARCHY'), 3);
    assert.equal(CODE_DETAIL_MAP.resolve('SIGNATURES'), 4);
  });
  it('register returns a new map and leaves the original unchanged', () => {
    const more = CODE_DETAIL_MAP.register('CUSTOM', 7);
    assert.equal(more.resolve('CUSTOM'), 7);
    assert.throws(() => CODE_DETAIL_MAP.resolve('CUSTOM'), invalid('CUSTOM'));
    assert.ok(Object.isFrozen(CODE_DETAIL_MAP) && Object.isFrozen(CODE_DETAIL_MAP.levels));
  });
  it('rejects levels beyond max depth, negative or fractional depths and an empty domain', () => {
    assert.throws(() => new DetailLevelMap({ domain: 'x:', maxDepth: 3, levels: { DEEP: 4 } }), invalid('levels.DEEP'));
    assert.throws(() => new DetailLevelMap({ domain: 'x:', maxDepth: -1 }), invalid('max_depth'));
    assert.throws(() => new DetailLevelMap({ domain: '', maxDepth: 3 }), invalid('domain'));
    assert.throws(() => CODE_DETAIL_MAP.resolve(1.5), invalid('depth'));
    assert.throws(() => CODE_DETAIL_MAP.resolve(-1), invalid('depth'));
  });
  it('steps down one named level at a time', () => {
    assert.deepEqual(
      [9, 6, 4, 2, 1].map((d) => CODE_DETAIL_MAP.levelBelow(d)),
      [6, 4, 2, 0, 0],
    );
    assert.deepEqual(
      [3, 2, 1].map((d) => RECORD_DETAIL_MAP.levelBelow(d)),
      [2, 1, 0],
    );
    assert.equal(new DetailLevelMap({ domain: 'x:', maxDepth: 5 }).levelBelow(5), 4);
  });
  it('clamps every non-negative integer to max depth (property)', () => {
    fc.assert(
      fc.property(fc.nat(50), fc.nat(1000), (maxDepth, depth) => {
        assert.equal(new DetailLevelMap({ domain: 'p:', maxDepth }).resolve(depth), Math.min(depth, maxDepth));
      }),
    );
  });
});

describe('models', () => {
  it('ContextBudget computes available tokens and validates', () => {
    assert.equal(new ContextBudget(8000, 1000).availableTokens, 7000);
    assert.throws(() => new ContextBudget(100, 200), invalid('reserved_tokens'));
    assert.throws(() => new ContextBudget(1.5), invalid('max_tokens'));
  });
  it('ContextFragment validates depth against its own domain map when given', () => {
    const base = { ukoNode: 'uko-code:module/a', content: 'a', tokenCount: 1 };
    assert.equal(new ContextFragment({ ...base, detailDepth: 9, detailMap: CODE_DETAIL_MAP }).detailDepth, 9);
    assert.throws(() => new ContextFragment({ ...base, detailDepth: 10, detailMap: CODE_DETAIL_MAP }), invalid('detail_depth'));
    assert.throws(() => new ContextFragment({ ...base, detailDepth: 4, detailMap: RECORD_DETAIL_MAP }), invalid('detail_depth'));
    assert.throws(() => new ContextFragment({ ...base, detailDepth: 10 }), invalid('uko-code:'), 'the map is found from the node URI');
    assert.equal(new ContextFragment({ ...base, ukoNode: 'uko-py:class/A', detailDepth: 40 }).detailDepth, 40);
  });
  it('ContextFragment defaults provenance to its node and serialises in snake_case', () => {
    const fragment = new ContextFragment({ ukoNode: 'n', content: 'c', detailDepth: 1, tokenCount: 2, relevanceScore: 0.25 });
    assert.deepEqual(fragment.toJSON(), {
      uko_node: 'n',
      content: 'c',
      detail_depth: 1,
      token_count: 2,
      relevance_score: 0.25,
      provenance: { resource_uri: 'n', location: '', strategy: '' },
    });
  });
  it('ContextRequest has the seed defaults and rejects bad fields by name', () => {
    const request = new ContextRequest({ purpose: 'p' });
    assert.deepEqual(request.toJSON(), {
      purpose: 'p',
      query: null,
      focus: [],
      breadth: 2,
      depth: 3,
      depth_gradient: true,
      priority: 0.5,
      temporal: 'current',
      max_tokens: null,
    });
    assert.throws(() => new ContextRequest({ purpose: '' }), invalid('purpose'));
    assert.throws(() => new ContextRequest({ purpose: 'p', temporal: 'future' as never }), invalid('temporal'));
    assert.throws(() => new ContextRequest({ purpose: 'p', focus: [''] }), invalid('focus[0]'));
    assert.throws(() => new ContextRequest({ purpose: 'p', depth: '' }), invalid('depth'));
  });
  it('models are frozen', () => {
    const provenance = new FragmentProvenance({ resourceUri: 'r' });
    assert.throws(() => {
      (provenance as any).location = 'x';
    }, TypeError);
    const assembled = new AssembledContext({ totalTokens: 0, budgetUsed: 0, contextHash: 'h' });
    assert.throws(() => {
      (assembled.fragments as any).push(1);
    }, TypeError);
  });
});
