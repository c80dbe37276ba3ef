import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { withFileLock } from '../../src/util/file-lock.js';

/** The pid the lock directory's owner file names. */
async function holderOf(lockPath: string): Promise<number> {
  const [owner] = await readdir(lockPath);
  return JSON.parse(await readFile(path.join(lockPath, owner!), 'utf8')).pid;
}

const goneProcess = () => spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();

// Without the takeover the stale lock would block for minutes; the test's bound catches that.
test('a lock left by a process that no longer runs is taken over at once', { timeout: 10_000 }, async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'ep-lock-'));
  try {
    const lockPath = path.join(dir, '.lock');
    await mkdir(lockPath);
    await writeFile(
      path.join(lockPath, `owner-${'ab'.repeat(12)}`),
      JSON.stringify({ pid: Number(goneProcess()), host: hostname(), createdAt: Date.now() }),
    );
    assert.equal(await withFileLock(lockPath, async () => holderOf(lockPath)), process.pid);
    assert.deepEqual(await readdir(dir), [], 'the lock and its prepared directory are gone afterwards');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a lock file as earlier versions wrote it (a bare pid) is taken over when its process is gone', { timeout: 10_000 }, async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'ep-lock-'));
  try {
    await writeFile(path.join(dir, '.lock'), goneProcess());
    assert.equal(await withFileLock(path.join(dir, '.lock'), async () => holderOf(path.join(dir, '.lock'))), process.pid);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('releasing never removes a lock someone else took meanwhile', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'ep-lock-'));
  try {
    const lockPath = path.join(dir, '.lock');
    // The holder's lock is broken while it runs (an age past staleMs), and another holder takes it.
    await withFileLock(lockPath, async () => {
      await rm(lockPath, { recursive: true });
      await mkdir(lockPath);
      await writeFile(
        path.join(lockPath, `owner-${'cd'.repeat(12)}`),
        JSON.stringify({ pid: process.pid, host: hostname(), createdAt: Date.now() }),
      );
    });
    assert.deepEqual(await readdir(lockPath), [`owner-${'cd'.repeat(12)}`]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('holders of one lock run one at a time', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'ep-lock-'));
  try {
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 6 }, () =>
        withFileLock(path.join(dir, '.lock'), async () => {
          inside += 1;
          most = Math.max(most, inside);
          await new Promise((resolve) => setTimeout(resolve, 5));
          inside -= 1;
        }),
      ),
    );
    assert.equal(most, 1);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
