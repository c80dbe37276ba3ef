import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EpError } from '../../src/kernel/errors.js';
import { agent, agentFunction } from '../../src/sessions/agent-function.js';
import { callModel } from '../../src/sessions/model-call.js';
import { currentSession, openSession } from '../../src/sessions/session-context.js';
import { ScriptedModelRuntime } from '../../src/models/scripted-model.js';
import { MemorySessionStore } from './memory-store.js';
import { isEpError } from '../../src/kernel/errors.js';

class Worker {
  @agent('Add the numbers.')
  add(input: { a: number; b: number }): number {
    return input.a + input.b;
  }

  @agent('Wait, then echo.')
  async echo(input: { text: string; ms: number }): Promise<string> {
    await new Promise((resolve) => setTimeout(resolve, input.ms));
    return input.text;
  }

  @agent('Fan out.')
  async fanOut(input: { texts: string[] }): Promise<string[]> {
    // Later siblings finish first, so attribution cannot depend on completion order.
    return Promise.all(input.texts.map((text, index) => this.echo({ text, ms: (input.texts.length - index) * 5 })));
  }

  @agent('Nest twice.')
  async outer(input: { text: string }): Promise<string> {
    const inner = await this.middle({ text: input.text });
    return `outer(${inner})`;
  }

  @agent('Nest once.')
  async middle(input: { text: string }): Promise<string> {
    return `middle(${this.add({ a: 1, b: 2 })}, ${await this.echo({ text: input.text, ms: 1 })})`;
  }

  @agent('Fail synchronously.')
  failSync(): never {
    throw new TypeError('sync failure');
  }

  @agent('Fail asynchronously.')
  async failAsync(): Promise<never> {
    await Promise.resolve();
    throw new RangeError('async failure');
  }

  @agent('Ask the model.')
  async ask(_input: { question: string }): Promise<string> {
    return callModel('Answer briefly.');
  }
}

const store = () => new MemorySessionStore();

describe('the agent decorator', () => {
  it('records a sync call with its input, output, instructions and timings', async () => {
    const s = store();
    const { sessionId, value } = await openSession({ store: s }, (h) => ({
      sessionId: h.sessionId,
      value: new Worker().add({ a: 2, b: 3 }),
    }));
    assert.equal(value, 5);
    const [node] = s.nodes(sessionId);
    assert.equal(node!.name, 'add');
    assert.equal(node!.instructions, 'Add the numbers.');
    assert.deepEqual(node!.input, { a: 2, b: 3 });
    assert.equal(node!.output, 5);
    assert.equal(node!.status, 'completed');
    assert.equal(node!.caller, null);
    assert.equal(typeof node!.durationMs, 'number');
    assert.ok(node!.endedAt);
  });

  it('attributes parallel calls (Promise.all) to their own caller', async () => {
    const s = store();
    const id = await openSession({ store: s }, async (h) => {
      await new Worker().fanOut({ texts: ['a', 'b', 'c', 'd'] });
      return h.sessionId;
    });
    const nodes = s.nodes(id);
    const fan = nodes.find((n) => n.name === 'fanOut')!;
    const echoes = nodes.filter((n) => n.name === 'echo');
    assert.equal(echoes.length, 4);
    for (const echo of echoes) assert.equal(echo.caller, fan.id);
    assert.deepEqual(
      echoes.map((e) => e.output),
      ['a', 'b', 'c', 'd'],
    );
    assert.deepEqual(new Set(nodes.map((n) => n.seq)).size, nodes.length, 'seq values are unique');
  });

  it('attributes parallel top-level calls and keeps their subtrees apart', async () => {
    const s = store();
    const id = await openSession({ store: s }, async (h) => {
      const worker = new Worker();
      await Promise.all([worker.outer({ text: 'x' }), worker.outer({ text: 'y' })]);
      return h.sessionId;
    });
    const nodes = s.nodes(id);
    const byId = new Map(nodes.map((n) => [n.id, n]));
    for (const echo of nodes.filter((n) => n.name === 'echo')) {
      const middle = byId.get(echo.caller!)!;
      const outer = byId.get(middle.caller!)!;
      assert.equal(middle.name, 'middle');
      assert.equal(outer.name, 'outer');
      assert.deepEqual((outer.input as { text: string }).text, (echo.input as { text: string }).text);
    }
  });

  it('links nested calls by caller and top-level calls by predecessor', async () => {
    const s = store();
    const id = await openSession({ store: s }, async (h) => {
      const worker = new Worker();
      await worker.outer({ text: 'x' });
      worker.add({ a: 1, b: 1 });
      return h.sessionId;
    });
    const nodes = s.nodes(id);
    const [outer, middle, innerAdd, echo, topAdd] = nodes;
    assert.deepEqual(
      nodes.map((n) => n.name),
      ['outer', 'middle', 'add', 'echo', 'add'],
    );
    assert.equal(middle!.caller, outer!.id);
    assert.equal(innerAdd!.caller, middle!.id);
    assert.equal(echo!.caller, middle!.id);
    assert.equal(topAdd!.caller, null);
    assert.equal(outer!.predecessor, null);
    assert.equal(topAdd!.predecessor, outer!.id);
    assert.equal(outer!.output, 'outer(middle(3, x))');
  });

  it('re-throws sync and async errors unchanged and records them', async () => {
    const s = store();
    const worker = new Worker();
    let sessionId = '';
    const syncError = await openSession({ store: s }, (h) => {
      sessionId = h.sessionId;
      try {
        worker.failSync();
      } catch (error) {
        return error;
      }
      return undefined;
    });
    assert.ok(syncError instanceof TypeError);
    assert.equal(syncError.message, 'sync failure');
    await assert.rejects(
      openSession({ store: s, sessionId }, () => worker.failAsync()),
      (error: unknown) => error instanceof RangeError && error.message === 'async failure',
    );
    const nodes = s.nodes(sessionId);
    assert.deepEqual(
      nodes.map((n) => [n.name, n.status, n.error?.name]),
      [
        ['failSync', 'error', 'TypeError'],
        ['failAsync', 'error', 'RangeError'],
      ],
    );
  });

  it("never replaces the caller's error with a persistence failure", async () => {
    const s = store();
    s.failWrites = true;
    await assert.rejects(
      openSession({ store: s }, () => new Worker().failAsync()),
      (error: unknown) => error instanceof RangeError,
    );
    await assert.rejects(
      openSession({ store: s }, () => new Worker().add({ a: 1, b: 1 })),
      { code: 'SESSION_WRITE_FAILED' },
    );
  });

  it('records a cancelled call when the session is aborted', async () => {
    const s = store();
    const controller = new AbortController();
    let sessionId = '';
    await assert.rejects(
      openSession({ store: s, signal: controller.signal }, async (h) => {
        sessionId = h.sessionId;
        const pending = new Worker().echo({ text: 'slow', ms: 20 });
        controller.abort(new Error('stop'));
        await pending;
        return new Worker().add({ a: 1, b: 1 });
      }),
      /stop/,
    );
    const statuses = s.nodes(sessionId).map((n) => [n.name, n.status]);
    assert.deepEqual(statuses, [
      ['echo', 'completed'],
      ['add', 'cancelled'],
    ]);
  });

  it('restores the outer state after success and failure, and refuses calls outside a session', async () => {
    const s = store();
    assert.equal(currentSession(), undefined);
    await openSession({ store: s }, async (outer) => {
      await assert.rejects(openSession({ store: s }, () => new Worker().failAsync()));
      assert.equal(currentSession()?.sessionId, outer.sessionId);
      assert.equal(currentSession()?.callId, null);
    });
    assert.equal(currentSession(), undefined);
    assert.throws(() => new Worker().add({ a: 1, b: 1 }), { code: 'SESSION_REQUIRED' });
  });

  it('wraps plain functions with agentFunction', async () => {
    const s = store();
    const shout = agentFunction({ name: 'shout', instructions: 'Shout it.' }, (text: string) => text.toUpperCase());
    const id = await openSession({ store: s }, (h) => {
      shout('hi');
      return h.sessionId;
    });
    assert.deepEqual(
      s.nodes(id).map((n) => [n.name, n.input, n.output]),
      [['shout', 'hi', 'HI']],
    );
  });

  it("names an agentFunction by its name option, else by the function's own name", async () => {
    const s = store();
    function whisper(text: string) {
      return text.toLowerCase();
    }
    const named = agentFunction({}, whisper);
    const renamed = agentFunction({ name: 'murmur' }, whisper);
    const id = await openSession({ store: s }, (h) => {
      named('HI');
      renamed('HO');
      return h.sessionId;
    });
    assert.deepEqual(
      s.nodes(id).map((n) => n.name),
      ['whisper', 'murmur'],
    );
    assert.equal(named.name, 'whisper');
  });

  it('refuses an arrow function without a name: AGENT_NAME_REQUIRED names the option', () => {
    assert.throws(
      () => agentFunction({ instructions: 'Shout it.' }, (text: string) => text.toUpperCase()),
      (error: EpError) => error.code === 'AGENT_NAME_REQUIRED' && error.details?.field === 'name' && /name option/.test(error.message),
    );
    assert.throws(
      () =>
        agentFunction({ name: '' }, function named() {
          return 1;
        }),
      { code: 'AGENT_NAME_REQUIRED' },
    );
  });

  it('refuses to decorate something that is not a method', () => {
    assert.throws(() => agent('x')({}, 'field', { get: () => 1 }), TypeError);
  });

  it('puts instructions, arguments and history into the prompt', async () => {
    const s = store();
    const model = new ScriptedModelRuntime({ replies: ['ok'] });
    const id = await openSession({ store: s, model }, async (h) => {
      new Worker().add({ a: 4, b: 5 });
      await new Worker().ask({ question: 'why?' });
      return h.sessionId;
    });
    const prompt = model.prompts[0]!.prompt;
    assert.match(prompt, /## Instructions\nAsk the model\./);
    assert.match(prompt, /"question": "why\?"/);
    assert.match(prompt, /- add \{"a":4,"b":5\} → completed: 9/);
    assert.match(prompt, /## Request\nAnswer briefly\./);
    const modelNode = s.nodes(id).find((n) => n.kind === 'model')!;
    assert.equal(modelNode.caller, s.nodes(id).find((n) => n.name === 'ask')!.id);
    assert.deepEqual(modelNode.input, { prompt });
  });
});

describe('the session context', () => {
  it('survives timers and event callbacks', async () => {
    const s = store();
    const id = await openSession({ store: s }, async (h) => {
      await new Promise<void>((resolve) =>
        setTimeout(() => {
          new Worker().add({ a: 1, b: 1 });
          resolve();
        }, 1),
      );
      await new Promise<void>((resolve) =>
        queueMicrotask(() => {
          new Worker().add({ a: 2, b: 2 });
          resolve();
        }),
      );
      return h.sessionId;
    });
    assert.deepEqual(
      s.nodes(id).map((n) => n.output),
      [2, 4],
    );
  });

  it('makes no store of its own: a caller that passes none is refused, naming the field, before the body runs', async () => {
    let ran = false;
    const open = openSession as (options: object, body: () => unknown) => Promise<unknown>;
    await assert.rejects(
      open({}, () => {
        ran = true;
      }),
      (error: unknown) => isEpError(error) && error.code === 'SESSION_STORE_REQUIRED' && error.details?.field === 'store',
    );
    assert.equal(ran, false);
  });

  it('keeps two concurrent sessions apart', async () => {
    const s = store();
    const run = (text: string) =>
      openSession({ store: s }, async (h) => {
        await new Worker().echo({ text, ms: 3 });
        return h.sessionId;
      });
    const [a, b] = await Promise.all([run('a'), run('b')]);
    assert.deepEqual(
      s.nodes(a).map((n) => n.output),
      ['a'],
    );
    assert.deepEqual(
      s.nodes(b).map((n) => n.output),
      ['b'],
    );
  });
});
