import assert from 'node:assert/strict';
import path from 'node:path';
import { isEpError } from '../kernel/errors.js';
import type { SessionNode } from '../sessions/call-node.js';
import { FileSessionStore } from '../sessions/store/file-session-store.js';
import type { SessionStore } from '../sessions/store/session-store.js';
import { conformanceCase, type ConformanceSuite, type Subject, type SubjectContext } from './conformance-suite.js';

export interface SessionStoreConformanceOptions {
  /**
   * Leaves the log of `sessionId` as a crash mid-append would (half a record at the end), for stores that
   * can be torn that way; the torn-log check runs only when this is given.
   */
  readonly tearLog?: (store: SessionStore, sessionId: string) => Promise<void> | void;
  /** The store implements `exportToFiles`: its export is checked by reading it back with the file store. */
  readonly exportsToFiles?: boolean;
}

let sequence = 0;

function callNode(id: string, seq: number, caller: string | null = null): SessionNode {
  return {
    id,
    kind: 'call',
    name: `step_${id}`,
    seq,
    turn: 'turn_1',
    caller,
    predecessor: null,
    input: { n: seq, text: 'naïve ✓' },
    status: 'running',
    createdAt: new Date().toISOString(),
  };
}

const freshId = () => `conformance_${process.pid}_${(sequence += 1)}`;

/**
 * The `SessionStore` contract (`ep.SessionStore`): session DAGs appended as calls start and finish, read back
 * in order, safe with two writers on one session, and with ids checked before anything touches storage.
 */
export function sessionStoreConformance(subject: Subject<SessionStore>, options: SessionStoreConformanceOptions = {}): ConformanceSuite {
  const check = (name: string, body: (store: SessionStore, context: SubjectContext) => Promise<void>) =>
    conformanceCase(name, subject, body);
  const cases = [
    check('creates a session on first open only', async (store) => {
      const id = freshId();
      assert.equal(await store.exists(id), false);
      assert.equal((await store.open(id, { source: 'test' })).created, true);
      assert.equal(await store.exists(id), true);
      assert.equal((await store.open(id)).created, false);
      const meta = (await store.read(id)).meta;
      assert.equal(meta.id, id);
      assert.equal(meta.source, 'test');
    }),
    check('reads back appended records in order, with updates applied', async (store) => {
      const id = freshId();
      const log = await store.open(id);
      log.append(callNode('a', 1));
      log.append(callNode('b', 2, 'a'));
      log.append({ id: 'b', status: 'completed', output: { answer: 42 }, endedAt: new Date().toISOString(), durationMs: 3 });
      log.append(callNode('c', 3));
      const nodes = (await store.read(id)).nodes;
      assert.deepEqual(
        nodes.map((node) => [node.id, node.status]),
        [
          ['a', 'running'],
          ['b', 'completed'],
          ['c', 'running'],
        ],
      );
      assert.deepEqual(nodes[1]?.output, { answer: 42 });
      assert.equal(nodes[1]?.caller, 'a');
      assert.deepEqual(nodes[0]?.input, { n: 1, text: 'naïve ✓' });
      assert.deepEqual(
        (await log.readNodes()).map((node) => node.id),
        ['a', 'b', 'c'],
      );
    }),
    check('two writers on one session lose nothing', async (store) => {
      const id = freshId();
      const [first, second] = await Promise.all([store.open(id), store.open(id)]);
      for (let n = 0; n < 40; n += 1) {
        first.append(callNode(`first_${n}`, 2 * n));
        second.append(callNode(`second_${n}`, 2 * n + 1));
      }
      const ids = (await store.read(id)).nodes.map((node) => node.id);
      assert.equal(ids.length, 80);
      assert.equal(new Set(ids).size, 80, 'a record was read twice');
    }),
    check('records a turn in the session meta and lists the session', async (store) => {
      const id = freshId();
      const log = await store.open(id);
      log.append(callNode('a', 1));
      await log.endTurn({ turnId: 'turn_1', names: ['step_a'], nodeCount: 1 });
      const meta = (await store.read(id)).meta;
      assert.equal(meta.turns, 1);
      assert.equal(meta.nodeCount, 1);
      assert.ok(
        (await store.list()).some((listed) => listed.id === id),
        'the session is not listed',
      );
    }),
    check('refuses ids that could escape its storage, before touching it', async (store) => {
      for (const id of ['../escape', 'a/b', '', '.hidden', 'x'.repeat(200)]) {
        await assert.rejects(store.open(id), (error: unknown) => isEpError(error), `id ${JSON.stringify(id)} was accepted`);
      }
    }),
    check('deletes a session', async (store) => {
      const id = freshId();
      (await store.open(id)).append(callNode('a', 1));
      await store.delete(id);
      assert.equal(await store.exists(id), false);
      await assert.rejects(store.read(id), (error: unknown) => isEpError(error));
    }),
  ];
  const { tearLog } = options;
  if (tearLog) {
    cases.push(
      check('reads a log torn mid-append up to its last whole record, and appends after it', async (store) => {
        const id = freshId();
        const log = await store.open(id);
        log.append(callNode('a', 1));
        await tearLog(store, id);
        const reopened = await store.open(id);
        reopened.append(callNode('b', 2));
        assert.deepEqual(
          (await store.read(id)).nodes.map((node) => node.id),
          ['a', 'b'],
        );
      }),
    );
  }
  if (options.exportsToFiles) {
    cases.push(
      check("exports to the file store's format, which reads back the same nodes and turns", async (store, context) => {
        assert.equal(typeof store.exportToFiles, 'function', 'the store has no exportToFiles');
        const id = freshId();
        const log = await store.open(id, { source: 'test' });
        log.append(callNode('a', 1));
        await log.endTurn({ turnId: 'turn_1', names: ['step_a'], nodeCount: 1 });
        log.append(callNode('b', 2, 'a'));
        log.append({ id: 'b', status: 'completed', output: { answer: 42 }, endedAt: new Date().toISOString(), durationMs: 3 });
        await log.endTurn({ turnId: 'turn_2', names: ['step_b'], nodeCount: 2 });
        const home = path.join(context.dir, 'exported');
        const exported = await store.exportToFiles!(id, home);
        assert.deepEqual([exported.sessionId, exported.turns, exported.nodes], [id, 2, 2]);
        const original = await store.read(id);
        const copy = await new FileSessionStore({ home }).read(id);
        assert.deepEqual(copy.nodes, original.nodes);
        assert.deepEqual(
          [copy.meta.turns, copy.meta.nodeCount, copy.meta.source, copy.meta.head],
          [original.meta.turns, original.meta.nodeCount, 'test', exported.head],
        );
        await assert.rejects(store.exportToFiles!(id, home), (error: unknown) => isEpError(error) && error.code === 'SESSION_EXISTS');
        await assert.rejects(
          store.exportToFiles!('../escape', home),
          (error: unknown) => isEpError(error) && error.code === 'INVALID_SESSION_ID',
        );
      }),
    );
  }
  return { contract: 'SessionStore', cases };
}
