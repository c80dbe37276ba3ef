import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { withFileLock } from '../../src/util/file-lock.js';

// Without the takeover the stale lock would block for minutes; the test's bound catches that. The lock holds
// a bare pid, as earlier versions wrote it.
test('a lock left by a process that no longer runs is taken over at once', { timeout: 10_000 }, async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'ep-lock-'));
  try {
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    await writeFile(path.join(dir, '.lock'), gone);
    const holder = await withFileLock(path.join(dir, '.lock'), async () => readFile(path.join(dir, '.lock'), 'utf8'));
    assert.equal(JSON.parse(holder).pid, process.pid);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('holders of one lock run one at a time', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'ep-lock-'));
  try {
    let inside = 0;
    let most = 0;
    await Promise.all(Array.from({ length: 6 }, () => withFileLock(path.join(dir, '.lock'), async () => {
      inside += 1;
      most = Math.max(most, inside);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inside -= 1;
    })));
    assert.equal(most, 1);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
