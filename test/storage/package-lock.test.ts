import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { withPackageLock } from '../../src/storage/package/package-lock.js';

describe('withPackageLock', () => {
  it('runs bodies one at a time', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ep-lock-test-'));
    try {
      const target = path.join(dir, 'x.ep');
      let active = 0;
      let most = 0;
      await Promise.all(Array.from({ length: 5 }, () => withPackageLock(target, async () => {
        active += 1;
        most = Math.max(most, active);
        await new Promise((resolve) => setTimeout(resolve, 5));
        active -= 1;
      })));
      assert.equal(most, 1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('takes over a lock whose process is gone', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ep-lock-test-'));
    try {
      const target = path.join(dir, 'x.ep');
      await mkdir(`${target}.lock`);
      await writeFile(path.join(`${target}.lock`, `owner-${'0'.repeat(24)}`), JSON.stringify({ pid: 2 ** 22 + 12345, host: hostname(), createdAt: Date.now() }));
      const holder = async () => JSON.parse(await readFile(path.join(`${target}.lock`, (await readdir(`${target}.lock`))[0]!), 'utf8')).pid;
      assert.equal(await withPackageLock(target, holder), process.pid);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('gives up with PACKAGE_LOCKED while a live writer holds the lock', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ep-lock-test-'));
    try {
      const target = path.join(dir, 'x.ep');
      await mkdir(`${target}.lock`);
      await writeFile(path.join(`${target}.lock`, `owner-${'1'.repeat(24)}`), JSON.stringify({ pid: process.pid, host: hostname(), createdAt: Date.now() }));
      await assert.rejects(withPackageLock(target, async () => undefined, { timeoutMs: 50 }), (error: { code: string }) => error.code === 'PACKAGE_LOCKED');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
