import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { FileSessionStore } from '../../../src/sessions/store/file-session-store.js';
import { openSession } from '../../../src/sessions/session-context.js';
import { agentFunction } from '../../../src/sessions/agent-function.js';
import { Limits } from '../../../src/limits/limits.js';
import { TRUNCATION_MARKER_PATTERN } from '../../../src/sessions/recorded-value.js';

const step = agentFunction({ name: 'step', instructions: 'One step.' }, (n: number) => n * 2);

function tempHome(): string {
  return mkdtempSync(path.join(tmpdir(), 'ep-store-'));
}

describe('FileSessionStore', () => {
  it('creates a new session when no id is given and continues it by id, one commit per turn', async () => {
    const store = new FileSessionStore({ home: tempHome() });
    const first = await openSession({ store }, (h) => {
      step(1);
      return h;
    });
    assert.equal(first.created, true);
    const second = await openSession({ store, sessionId: first.sessionId }, (h) => {
      step(2);
      return h;
    });
    assert.equal(second.created, false);
    const { meta, nodes } = await store.read(first.sessionId);
    assert.equal(meta.turns, 2);
    assert.deepEqual(
      nodes.map((n) => [n.seq, n.output]),
      [
        [1, 2],
        [2, 4],
      ],
    );
    assert.equal(nodes[1]!.predecessor, nodes[0]!.id);
    const dir = path.join(store.home, 'sessions', first.sessionId);
    const log = execFileSync('git', ['log', '--format=%H %s'], { cwd: dir, encoding: 'utf8' }).trim().split('\n');
    assert.equal(log.length, 2);
    assert.equal(meta.head, log[0]!.split(' ')[0]);
    assert.deepEqual(
      readdirSync(dir).filter((f) => f.endsWith('.tmp')),
      [],
      'no temp files left behind',
    );
  });

  it('numbers nodes in log order, so writers that start from the same history get unique numbers', async () => {
    const store = new FileSessionStore({ home: tempHome(), git: false });
    const { sessionId } = await openSession({ store }, (h) => {
      step(1);
      return h;
    });
    const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
    // Two writers continue the session at once, each from the same history, as two processes would.
    await Promise.all([
      openSession({ store, sessionId }, async () => {
        step(2);
        await pause();
        step(3);
      }),
      openSession({ store, sessionId }, async () => {
        step(4);
        await pause();
        step(5);
      }),
    ]);
    const { nodes } = await store.read(sessionId);
    assert.deepEqual(
      nodes.map((n) => n.seq),
      [1, 2, 3, 4, 5],
    );
    // Which writer appends first is up to the scheduler; each writer's own calls keep their order.
    const outputs = nodes.map((n) => n.output as number);
    assert.deepEqual(
      [...outputs].sort((a, b) => a - b),
      [2, 4, 6, 8, 10],
    );
    assert.equal(outputs[0], 2);
    assert.ok(
      outputs.indexOf(4) < outputs.indexOf(6) && outputs.indexOf(8) < outputs.indexOf(10),
      'numbered in the order the calls started',
    );
    const again = await store.read(sessionId);
    assert.deepEqual(
      again.nodes.map((n) => [n.id, n.seq]),
      nodes.map((n) => [n.id, n.seq]),
      'every reader numbers them alike',
    );
  });

  it('creates a session under a given id that does not exist yet', async () => {
    const store = new FileSessionStore({ home: tempHome(), git: false });
    const handle = await openSession({ store, sessionId: 'my-task' }, (h) => h);
    assert.equal(handle.sessionId, 'my-task');
    assert.equal(handle.created, true);
    assert.deepEqual(
      (await store.list()).map((m) => m.id),
      ['my-task'],
    );
  });

  it('rejects an invalid id before touching the disk', async () => {
    const home = tempHome();
    const store = new FileSessionStore({ home });
    await assert.rejects(
      openSession({ store, sessionId: '../escape' }, () => undefined),
      { code: 'INVALID_SESSION_ID' },
    );
    assert.equal(existsSync(path.join(home, 'sessions')), false);
    assert.equal(existsSync(path.join(home, 'escape')), false);
  });

  it('ignores a torn last line, and cuts it off before appending more', async () => {
    const store = new FileSessionStore({ home: tempHome(), git: false });
    const { sessionId } = await openSession({ store }, (h) => {
      step(1);
      return h;
    });
    const log = path.join(store.home, 'sessions', sessionId, 'history', 'nodes.jsonl');
    appendFileSync(log, '{"id":"c_torn","kind":"call","na');
    assert.deepEqual(
      (await store.read(sessionId)).nodes.map((n) => n.output),
      [2],
    );
    await openSession({ store, sessionId }, () => step(5));
    const contents = await store.read(sessionId);
    assert.deepEqual(
      contents.nodes.map((n) => n.output),
      [2, 10],
    );
    assert.equal(contents.skippedLines, 0);
    assert.ok(readFileSync(log, 'utf8').endsWith('\n'));
  });

  it('creates a new session once when several turns start it at once, and commits each turn', async () => {
    const store = new FileSessionStore({ home: tempHome() });
    const turns = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        openSession({ store, sessionId: 'started-at-once' }, (h) => {
          step(n);
          return h;
        }),
      ),
    );
    assert.deepEqual(turns.map((turn) => turn.created).filter(Boolean), [true]);
    const { meta, nodes } = await store.read('started-at-once');
    assert.equal(meta.turns, 4);
    assert.deepEqual(nodes.map((n) => n.output).sort(), [2, 4, 6, 8]);
  });

  it('records each value of a node within the bound, marked where it was cut', async () => {
    const store = new FileSessionStore({ home: tempHome(), git: false });
    const echo = agentFunction({ name: 'echo', instructions: 'Echo.' }, (input: { query: string }) => input);
    const query = 'q'.repeat(Limits.sessionValueBytes * 4);
    const { sessionId } = await openSession({ store }, (h) => {
      echo({ query });
      return h;
    });
    const log = readFileSync(path.join(store.home, 'sessions', sessionId, 'history', 'nodes.jsonl'), 'utf8');
    assert.ok(Buffer.byteLength(log) < 2 * Limits.sessionValueBytes + 2048, `${Buffer.byteLength(log)} bytes`);
    const [node] = (await store.read(sessionId)).nodes;
    for (const value of [node!.input, node!.output] as { query: string }[]) {
      assert.equal(TRUNCATION_MARKER_PATTERN.exec(value.query)?.[1], String(query.length));
    }
  });

  it('deletes sessions and reports unknown ones as not found', async () => {
    const store = new FileSessionStore({ home: tempHome(), git: false });
    const { sessionId } = await openSession({ store }, (h) => h);
    await store.delete(sessionId);
    await assert.rejects(store.read(sessionId), { code: 'SESSION_NOT_FOUND', exitCode: 3 });
    await assert.rejects(store.delete(sessionId), { code: 'SESSION_NOT_FOUND' });
  });
});
