import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isEpError } from '../../src/kernel/errors.js';
import { agentFunction } from '../../src/sessions/agent-function.js';
import { recordStep } from '../../src/sessions/recorded-step.js';
import { openSession } from '../../src/sessions/session-context.js';
import { MemorySessionStore } from './memory-store.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('recordStep: nodes an adapter records for a framework', () => {
  it('lands under the call in progress; what runs in step.run nests under the step', async () => {
    const store = new MemorySessionStore();
    const inner = agentFunction({ name: 'inner' }, () => 'done');
    const outer = agentFunction({ name: 'outer' }, async () => {
      const step = recordStep({ name: 'framework-run', input: { a: 1 } });
      const value = step.run(() => inner());
      step.complete(value);
      return value;
    });
    const id = await openSession({ store }, async (handle) => (await outer(), handle.sessionId));
    const [outerNode, stepNode, innerNode] = store.nodes(id);
    assert.deepEqual([outerNode?.name, stepNode?.name, innerNode?.name], ['outer', 'framework-run', 'inner']);
    assert.equal(stepNode?.caller, outerNode?.id);
    assert.equal(innerNode?.caller, stepNode?.id);
    assert.deepEqual([stepNode?.status, stepNode?.output, stepNode?.input], ['completed', 'done', { a: 1 }]);
  });

  it('attributes parallel steps to the call that started each, whichever finishes first', async () => {
    const store = new MemorySessionStore();
    const branch = agentFunction({ name: 'branch' }, async (delay: number) => {
      await pause(delay);
      const step = recordStep({ kind: 'model', name: 'model-call', input: { delay } });
      await pause(delay);
      step.complete({ text: String(delay) }, { usage: { inputTokens: delay, outputTokens: 1 } });
    });
    const id = await openSession({ store }, async (handle) => (await Promise.all([branch(8), branch(1), branch(4)]), handle.sessionId));
    const nodes = store.nodes(id);
    for (const model of nodes.filter((node) => node.kind === 'model')) {
      const caller = nodes.find((node) => node.id === model.caller)!;
      assert.deepEqual(caller.input, (model.input as { delay: number }).delay);
      assert.equal(model.usage?.inputTokens, caller.input);
    }
  });

  it('children started from callbacks nest under their parent; a step ends once', async () => {
    const store = new MemorySessionStore();
    const id = await openSession({ store }, (handle) => {
      const root = recordStep({ name: 'trace', input: null });
      const child = root.child({ name: 'span', input: null });
      child.fail(new Error('span failed'));
      child.complete('ignored');
      root.complete('ok');
      return handle.sessionId;
    });
    const [root, child] = store.nodes(id);
    assert.equal(root?.caller, null);
    assert.equal(child?.caller, root?.id);
    assert.deepEqual([child?.status, child?.error?.message, child?.output], ['error', 'span failed', undefined]);
  });

  it('outside a session it is SESSION_REQUIRED', () => {
    assert.throws(
      () => recordStep({ name: 'orphan', input: null }),
      (error) => isEpError(error) && error.code === 'SESSION_REQUIRED',
    );
  });
});
