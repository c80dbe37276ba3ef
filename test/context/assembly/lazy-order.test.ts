import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { lazyOrder } from '../../../src/context/assembly/lazy-order.js';
import { renderContextForPrompt } from '../../../src/context/assembly/render-context.js';
import { AssembledContext, ContextFragment } from '../../../src/context/assembly/index.js';

describe('lazyOrder', () => {
  it('yields the same order as a full sort (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 })), (values) => {
        assert.deepEqual(
          [...lazyOrder([...values], (a, b) => a - b)],
          [...values].sort((a, b) => a - b),
        );
      }),
    );
  });
});

describe('renderContextForPrompt', () => {
  it('renders fragments in order, and nothing for an empty context', () => {
    const fragment = new ContextFragment({ ukoNode: 'app/auth', content: 'app/auth: Authentication', detailDepth: 1, tokenCount: 5 });
    const text = renderContextForPrompt(new AssembledContext({ fragments: [fragment], totalTokens: 5, budgetUsed: 0.1, contextHash: 'h' }));
    assert.equal(text, '## Context\n\n### app/auth (depth 1)\napp/auth: Authentication\n');
    assert.equal(renderContextForPrompt(new AssembledContext({ totalTokens: 0, budgetUsed: 0, contextHash: 'h' })), '');
  });
});
