import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { EpError, isDiskFull } from '../../src/kernel/errors.js';
import { ScenarioList } from '../../src/records/scenario-list.js';
import { GitPackageStore } from '../../src/storage/git-package-store.js';
import { withPackageLock } from '../../src/storage/package/package-lock.js';
import { foreignRecordList } from '../records/foreign-record-list.js';

let dir = '';
before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ep-writes-test-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

const store = new GitPackageStore({ lockTimeoutMs: 100 });
const list = (...keys: string[]) => new ScenarioList(keys.map((key) => ({ key })));

/** The package with `.git/HEAD` naming its newest commit instead of `main`: HEAD detached where it was. */
async function detachAtHead(file: string): Promise<string> {
  const members = unzipSync(new Uint8Array(await readFile(file)));
  const commit = (await store.load(file)).commit!;
  members['.git/HEAD'] = new TextEncoder().encode(`${commit}\n`);
  await writeFile(file, zipSync(members));
  return commit;
}

const diskFull = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

describe('writing a package whose HEAD is detached', () => {
  it('commits on top of HEAD, moves HEAD alone and reports no branch, as EDSL does', async () => {
    const file = path.join(dir, 'detached.ep');
    await store.save(file, list('a'));
    const main = (await store.save(file, list('a', 'b'))).commit;
    const detachedAt = await detachAtHead(file);
    const saved = await store.update(file, (latest) => latest.concat(list('c')));
    assert.deepEqual({ status: saved.status, branch: saved.branch }, { status: 'ok', branch: null });
    assert.deepEqual(
      (await store.load(file)).list.toArray().map((record) => record.key),
      ['a', 'b', 'c'],
    );
    assert.equal((await store.load(file)).commit, saved.commit);
    assert.equal((await store.load(file, { ref: 'main' })).commit, main);
    assert.deepEqual((await store.log(file)).map((entry) => entry.commit).slice(0, 2), [saved.commit, detachedAt]);
  });

  it('reports an unchanged save with no branch either', async () => {
    const file = path.join(dir, 'detached-same.ep');
    await store.save(file, list('a'));
    const commit = await detachAtHead(file);
    assert.deepEqual(await store.save(file, list('a')), {
      status: 'unchanged',
      path: file,
      commit,
      branch: null,
      message: 'Save ScenarioList',
    });
  });
});

describe('writing a package through a symbolic link', () => {
  it('replaces the target and keeps the link', async () => {
    await mkdir(path.join(dir, 'shared'));
    const target = path.join(dir, 'shared', 'team.ep');
    await store.save(target, list('a'));
    await symlink('shared/team.ep', path.join(dir, 'team.ep'));
    await store.update(path.join(dir, 'team.ep'), (latest) => latest.concat(list('b')));
    assert.ok((await lstat(path.join(dir, 'team.ep'))).isSymbolicLink());
    assert.deepEqual(
      (await store.load(target)).list.toArray().map((record) => record.key),
      ['a', 'b'],
    );
  });

  it("waits for the target's lock, not one beside the link", async () => {
    await mkdir(path.join(dir, 'locked'));
    const target = path.join(dir, 'locked', 'team.ep');
    await store.save(target, list('a'));
    await symlink('locked/team.ep', path.join(dir, 'locked-link.ep'));
    await writeFile(`${target}.lock`, JSON.stringify({ pid: process.pid, host: hostname(), createdAt: Date.now() }));
    await assert.rejects(
      store.save(path.join(dir, 'locked-link.ep'), list('b')),
      (error: EpError) => error.code === 'PACKAGE_LOCKED' && error.details?.lock === `${target}.lock`,
    );
  });
});

describe('the records a store writes', () => {
  it('may be any RecordList, not only a ScenarioList, from save and from a change', async () => {
    const file = path.join(dir, 'foreign.ep');
    await store.save(file, foreignRecordList([{ key: 'a' }], { key: 'Key' }));
    await store.update(file, (latest) => foreignRecordList([...latest, { key: 'b' }], latest.codebook));
    const loaded = await store.load(file);
    assert.deepEqual([loaded.list.toArray(), loaded.list.codebook], [[{ key: 'a' }, { key: 'b' }], { key: 'Key' }]);
  });

  it('refuses a change that returns something else with INVALID_RECORD', async () => {
    const file = path.join(dir, 'array.ep');
    await store.save(file, list('a'));
    await assert.rejects(
      store.update(file, (latest) => latest.toArray() as never),
      { code: 'INVALID_RECORD' },
    );
  });
});

// Taking over a dead holder's lock and one holder at a time are the file lock's own tests (test/util/file-lock.test.ts).
describe('the package lock', () => {
  it('gives up with PACKAGE_LOCKED, naming the package and its lock, while a live writer holds it', async () => {
    const target = path.join(dir, 'held.ep');
    await mkdir(`${target}.lock`);
    await writeFile(
      path.join(`${target}.lock`, `owner-${'1'.repeat(24)}`),
      JSON.stringify({ pid: process.pid, host: hostname(), createdAt: Date.now() }),
    );
    await assert.rejects(
      withPackageLock(target, async () => undefined, { timeoutMs: 50 }),
      (error: EpError) => error.code === 'PACKAGE_LOCKED' && error.details?.path === target && error.details?.lock === `${target}.lock`,
    );
  });
});

describe('a full disk', () => {
  it("is recognised from Node's errno, a wrapped cause, and git's message", () => {
    assert.ok(isDiskFull(diskFull()));
    assert.ok(isDiskFull(Object.assign(new Error('EDQUOT: disk quota exceeded'), { code: 'EDQUOT' })));
    assert.ok(isDiskFull(new EpError('GIT_FAILED', 'git fast-import failed: fatal: write error: No space left on device')));
    assert.ok(isDiskFull(new Error('save failed', { cause: diskFull() })));
    assert.ok(!isDiskFull(new Error('EACCES: permission denied')));
    assert.ok(!isDiskFull('ENOSPC'));
  });

  it('is DISK_FULL saying nothing was changed when a write under the package lock fails for space', async () => {
    const file = path.join(dir, 'full.ep');
    await store.save(file, list('a'));
    const before = await readFile(file);
    await assert.rejects(
      withPackageLock(file, async () => {
        throw diskFull();
      }),
      (error: EpError) =>
        error.code === 'DISK_FULL' &&
        /nothing was changed/.test(error.message) &&
        error.details?.path === file &&
        error.cause !== undefined,
    );
    assert.ok((await readFile(file)).equals(before));
    assert.deepEqual(
      (await readdir(dir)).filter((name) => name.startsWith('full.ep')),
      ['full.ep'],
    );
  });

  it('leaves other failures as they were', async () => {
    const failure = new EpError('INVALID_PACKAGE', 'not a package');
    await assert.rejects(
      withPackageLock(path.join(dir, 'other.ep'), async () => {
        throw failure;
      }),
      (error) => error === failure,
    );
  });
});
