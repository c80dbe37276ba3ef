import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { execa } from 'execa';
import { isEpError } from '../../../src/kernel/errors.js';
import type { LogRecord } from '../../../src/sessions/call-node.js';
import { FileSessionStore } from '../../../src/sessions/store/file-session-store.js';
import { foldRecords } from '../../../src/sessions/store/log-format.js';
import { placeSessionDirectory, writeSessionFiles, type SessionHistory } from '../../../src/sessions/store/session-export.js';

const node = (id: string, seq: number, turn: string): LogRecord => ({
  id,
  kind: 'call',
  name: `step_${id}`,
  seq,
  turn,
  caller: null,
  predecessor: null,
  input: { n: seq, text: 'naïve ✓' },
  status: 'running',
  createdAt: '2021-02-03T04:05:06.000Z',
});
const done = (id: string): LogRecord => ({
  id,
  status: 'completed',
  output: { ok: true },
  endedAt: '2021-02-03T04:05:07.000Z',
  durationMs: 1,
});

/** Two turns of two calls each, then a call of a third turn that never ended (a run cut short). */
const HISTORY: SessionHistory = {
  meta: {
    id: 'exported_1',
    createdAt: '2021-02-03T04:05:00.000Z',
    updatedAt: '2021-02-04T09:00:00.000Z',
    source: 'cli',
    turns: 2,
    nodeCount: 4,
    head: 'turn-2',
  },
  records: [
    node('a', 1, 't1'),
    done('a'),
    node('b', 2, 't1'),
    done('b'),
    node('c', 3, 't2'),
    done('c'),
    node('d', 4, 't2'),
    done('d'),
    node('e', 5, 't3'),
  ],
  turns: [
    { message: 'Turn t1: step_a, step_b', endedAt: '2021-02-03T04:05:08.400Z', records: 4 },
    { message: 'Turn t2: step_c, step_d', endedAt: '2021-02-04T09:00:00.000Z', records: 8 },
  ],
};

const git = async (dir: string, args: string[]) => (await execa('git', args, { cwd: dir })).stdout;

describe("a session written in the file store's format", () => {
  let root = '';
  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ep-session-export-'));
  });
  after(() => rm(root, { recursive: true, force: true }));

  it('reads back through the file store with the same nodes and turns, one commit per turn at its time', async () => {
    const home = path.join(root, 'home');
    const exported = await placeSessionDirectory(home, HISTORY.meta.id, (dir) => writeSessionFiles(dir, HISTORY));
    assert.deepEqual(
      [exported.turns, exported.nodes, exported.records, exported.dir],
      [2, 5, 9, path.join(home, 'sessions', 'exported_1')],
    );
    const read = await new FileSessionStore({ home }).read('exported_1');
    assert.deepEqual(read.nodes, foldRecords(HISTORY.records));
    assert.deepEqual({ ...read.meta, head: null }, { ...HISTORY.meta, head: null });
    assert.equal(read.meta.head, exported.head);
    const commits = (await git(exported.dir, ['log', '--format=%H|%aI|%cI|%s'])).split('\n');
    assert.equal(commits.length, 2);
    assert.equal(commits[0], `${exported.head}|2021-02-04T09:00:00+00:00|2021-02-04T09:00:00+00:00|Turn t2: step_c, step_d`);
    assert.match(commits[1]!, /^[0-9a-f]{40}\|2021-02-03T04:05:08\+00:00\|2021-02-03T04:05:08\+00:00\|Turn t1: step_a, step_b$/);
    // Each commit holds the log as it stood when its turn ended; the call of the unfinished turn is only on disk.
    assert.equal((await git(exported.dir, ['show', 'HEAD~1:history/nodes.jsonl'])).split('\n').length, 4);
    assert.equal((await git(exported.dir, ['show', 'HEAD:history/nodes.jsonl'])).split('\n').length, 8);
    assert.equal((await readFile(path.join(exported.dir, 'history/nodes.jsonl'), 'utf8')).trimEnd().split('\n').length, 9);
    assert.equal(await git(exported.dir, ['status', '--porcelain']), ' M history/nodes.jsonl');
    assert.deepEqual(await readdir(home), ['sessions'], 'nothing is left beside sessions/');
  });

  it('is a session the file store goes on with: a new turn is the third commit', async () => {
    const home = path.join(root, 'continued');
    await placeSessionDirectory(home, HISTORY.meta.id, (dir) => writeSessionFiles(dir, HISTORY));
    const store = new FileSessionStore({ home });
    const log = await store.open('exported_1');
    assert.equal(log.created, false);
    log.append(node('f', 6, 't4'));
    await log.endTurn({ turnId: 't4', names: ['step_f'], nodeCount: 6 });
    const read = await store.read('exported_1');
    assert.equal(read.meta.turns, 3);
    assert.deepEqual(
      read.nodes.map((entry) => entry.id),
      ['a', 'b', 'c', 'd', 'e', 'f'],
    );
  });

  it('never overwrites a session that is there, and leaves it as it was', async () => {
    const home = path.join(root, 'taken');
    const first = await placeSessionDirectory(home, HISTORY.meta.id, (dir) => writeSessionFiles(dir, HISTORY));
    const meta = await readFile(path.join(first.dir, 'meta.json'), 'utf8');
    const other = { ...HISTORY, records: HISTORY.records.slice(0, 2), turns: HISTORY.turns.slice(0, 1) };
    await assert.rejects(
      placeSessionDirectory(home, HISTORY.meta.id, (dir) => writeSessionFiles(dir, other)),
      (error: unknown) => isEpError(error) && error.code === 'SESSION_EXISTS' && error.exitCode === 5,
    );
    assert.equal(await readFile(path.join(first.dir, 'meta.json'), 'utf8'), meta);
    assert.deepEqual(await readdir(home), ['sessions']);
  });

  it('leaves nothing when the build fails, not even the directories it made', async () => {
    const home = path.join(root, 'made', 'for', 'it');
    await assert.rejects(
      placeSessionDirectory(home, HISTORY.meta.id, async (dir) => {
        await writeSessionFiles(dir, HISTORY);
        throw new Error('the source went away');
      }),
      /the source went away/,
    );
    assert.equal(existsSync(path.join(root, 'made')), false);
  });

  it('refuses an id that could leave the sessions directory before making anything', async () => {
    const home = path.join(root, 'refused');
    for (const id of ['../escape', 'a/b', '.hidden', '']) {
      await assert.rejects(
        placeSessionDirectory(home, id, (dir) => writeSessionFiles(dir, HISTORY)),
        (error: unknown) => isEpError(error) && error.code === 'INVALID_SESSION_ID',
      );
    }
    assert.equal(existsSync(home), false);
  });

  it('refuses a target that is a file', async () => {
    const file = path.join(root, 'a-file');
    await writeFile(file, 'not a directory');
    await assert.rejects(
      placeSessionDirectory(file, HISTORY.meta.id, (dir) => writeSessionFiles(dir, HISTORY)),
      (error: unknown) => isEpError(error) && error.code === 'SESSION_EXPORT_TARGET_INVALID',
    );
    assert.equal(await readFile(file, 'utf8'), 'not a directory');
  });

  it("copies a file store's session: the same log, meta and commits", async () => {
    const source = new FileSessionStore({ home: path.join(root, 'source') });
    const log = await source.open('copied', { source: 'api' });
    log.append(node('a', 1, 't1'));
    await log.endTurn({ turnId: 't1', names: ['step_a'], nodeCount: 1 });
    log.append(node('b', 2, 't2'));
    await log.endTurn({ turnId: 't2', names: ['step_b'], nodeCount: 2 });
    const exported = await source.exportToFiles('copied', path.join(root, 'copy'));
    const original = await source.read('copied');
    const copy = await new FileSessionStore({ home: path.join(root, 'copy') }).read('copied');
    assert.deepEqual(copy, original);
    assert.equal(await git(exported.dir, ['rev-parse', 'HEAD']), original.meta.head);
    assert.equal(existsSync(path.join(exported.dir, '.turn.lock')), false);
  });
});
