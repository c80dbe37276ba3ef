import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { it } from 'node:test';
import { FileSessionStore } from '../../src/sessions/store/file-session-store.js';
import { watchSessionFiles } from '../../src/sessions/store/session-watch.js';
import { sessionPaths } from '../../src/sessions/store/session-paths.js';

/** A watch never keeps the process alive on its own (a server does); the tests hold the event loop open while they wait. */
async function whileAlive<T>(body: () => Promise<T>): Promise<T> {
  const alive = setInterval(() => undefined, 1000);
  try {
    return await body();
  } finally {
    clearInterval(alive);
  }
}

const node = (id: string) => ({
  id,
  kind: 'call' as const,
  name: id,
  seq: 1,
  turn: 't1',
  caller: null,
  predecessor: null,
  input: {},
  status: 'running' as const,
  createdAt: new Date().toISOString(),
});

it('a session watch reports an appended node once, and nothing after it is closed', () =>
  whileAlive(async () => {
    const home = await mkdtemp(path.join(tmpdir(), 'ep-session-watch-'));
    try {
      const store = new FileSessionStore({ home, git: false });
      const log = await store.open('watched');
      let changes = 0;
      const changed = new Promise<void>((resolve) => {
        const watch = store.watch('watched', () => {
          changes += 1;
          watch.close();
          resolve();
        });
      });
      log.append(node('first'));
      log.append(node('second'));
      await changed;
      // The watch closed on its first report: later appends report nothing.
      log.append(node('third'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(changes, 1);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  }));

it('a watch falls back to polling when the directories cannot be watched', () =>
  whileAlive(async () => {
    const home = await mkdtemp(path.join(tmpdir(), 'ep-session-watch-'));
    try {
      const store = new FileSessionStore({ home, git: false });
      // Watch before the session exists: fs.watch cannot start on missing directories, the poll notices the session appear.
      const changed = new Promise<void>((resolve) => {
        const watch = watchSessionFiles(sessionPaths(home, 'later'), () => (watch.close(), resolve()), { pollMs: 50 });
      });
      await store.open('later');
      await changed;
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  }));
