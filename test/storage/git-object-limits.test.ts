import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { inflateSync } from 'node:zlib';
import { Limits } from '../../src/limits/limits.js';
import { ScenarioList } from '../../src/records/scenario-list.js';
import { GitPackageStore } from '../../src/storage/git-package-store.js';
import { GitRunner } from '../../src/storage/git/git-runner.js';
import { assertObjectStoreWithinLimits } from '../../src/storage/git/object-store-check.js';
import { OpenPackage } from '../../src/storage/package/open-package.js';
import { commitBombAt, packedBlobBomb } from '../../stress/bad-input/bomb-packages.js';
import { zlibRun } from '../../stress/bad-input/git-bombs.js';
import { GIT_FIXTURE_ENV, inTempDir, peakMib, writePackage } from './bomb-fixtures.js';

const store = new GitPackageStore();
const limitOf = (error: unknown) => error as { code: string; details: { type?: string; max: number; actual: number } };

describe("zlib bombs in a package's git objects", () => {
  it('builds bombs that really inflate to what they claim', () => {
    const size = 40 * 1024 * 1024 + 5;
    const inflated = inflateSync(zlibRun(Buffer.from('commit 1\0'), size));
    assert.equal(inflated.length, size + 9);
    assert.equal(inflated.subarray(0, 9).toString(), 'commit 1\0');
  });

  for (const where of ['loose', 'packed'] as const) {
    it(`refuses a HEAD commit inflating to 3 GiB (${where}) on read, history and write, at once and in little memory`, async () => {
      await inTempDir(async (dir) => {
        const file = await writePackage(dir, `${where}.ep`, { edit: commitBombAt(where) });
        const started = Date.now();
        const before = peakMib();
        const refused = (error: unknown) =>
          limitOf(error).code === 'LIMIT_EXCEEDED' &&
          limitOf(error).details.type === 'commit' &&
          limitOf(error).details.max === Limits.gitObjectBytes.commit! &&
          limitOf(error).details.actual > 3 * 1024 ** 3;
        await assert.rejects(store.load(file), refused);
        await assert.rejects(store.log(file), refused);
        await assert.rejects(
          store.update(file, (list) => list),
          refused,
        );
        assert.ok(Date.now() - started < 20_000, `took ${Date.now() - started} ms`);
        assert.ok(peakMib() - before < 100, `peak grew by ${(peakMib() - before).toFixed(0)} MiB`);
      });
    });
  }

  it('refuses a packed record blob inflating to 3 GiB before git reads it', async () => {
    await inTempDir(async (dir) => {
      const file = await writePackage(dir, 'blob.ep', { edit: packedBlobBomb() });
      await assert.rejects(store.load(file), (error) => limitOf(error).code === 'LIMIT_EXCEEDED' && limitOf(error).details.type === 'blob');
    });
  });

  it("reads HEAD's commit from the archive only within the commit limit", async () => {
    await inTempDir(async (dir) => {
      const bomb = await OpenPackage.open(await writePackage(dir, 'bomb.ep', { edit: commitBombAt('loose') }));
      const plain = await OpenPackage.open(await writePackage(dir, 'plain.ep'));
      assert.equal(bomb.gitDir.commit(bomb.gitDir.resolve('HEAD')!), undefined);
      assert.ok(plain.gitDir.commit(plain.gitDir.resolve('HEAD')!)?.tree);
    });
  });
});

describe('the object store check', () => {
  /** A repository with three commits of a growing file, repacked so two of its versions are deltas. */
  async function repoWithDeltas(dir: string): Promise<GitRunner> {
    const work = path.join(dir, 'work');
    await mkdir(path.join(dir, 'hooks'), { recursive: true });
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=a', '-c', 'user.email=a@b', ...args], { cwd: work, env: GIT_FIXTURE_ENV });
    await mkdir(work);
    git('init', '-q', '-b', 'main');
    for (let i = 1; i <= 3; i += 1) {
      await writeFile(path.join(work, 'big.txt'), Array.from({ length: 20_000 * i }, (_, n) => `line ${n}\n`).join(''));
      git('add', '-A');
      git('commit', '-q', '-m', `v${i}`);
    }
    git('repack', '-a', '-d', '-q');
    return new GitRunner({ gitDir: path.join(work, '.git'), emptyHooksDir: path.join(dir, 'hooks'), home: dir });
  }

  it('counts undeltified objects by their declared size and deltas by their stored size', async () => {
    await inTempDir(async (dir) => {
      const git = await repoWithDeltas(dir);
      const objectBytes = { commit: 1024, tag: 1024, tree: 1024, blob: 1024 ** 2 };
      // The three versions declare about 1.4 MB together; stored as one base and two deltas they cost well under 1 MB.
      await assertObjectStoreWithinLimits(git, 'repo', { objectBytes, storeBytes: 1024 ** 2 });
      await assert.rejects(
        assertObjectStoreWithinLimits(git, 'repo', { objectBytes, storeBytes: 400_000 }),
        (error) => limitOf(error).code === 'LIMIT_EXCEEDED' && /unpacked size of the git objects in repo/.test((error as Error).message),
      );
      await assert.rejects(
        assertObjectStoreWithinLimits(git, 'repo', { objectBytes: { ...objectBytes, blob: 500_000 }, storeBytes: 1024 ** 3 }),
        (error) => limitOf(error).details.type === 'blob' && limitOf(error).details.max === 500_000,
      );
    });
  });

  it('checks what a pull fetched before git reads it', async () => {
    await inTempDir(async (dir) => {
      const remote = path.join(dir, 'remote');
      const git = (...args: string[]) =>
        execFileSync('git', ['-c', 'user.name=a', '-c', 'user.email=a@b', ...args], { cwd: remote, env: GIT_FIXTURE_ENV })
          .toString()
          .trim();
      await mkdir(remote);
      git('init', '-q', '-b', 'main');
      await writeFile(path.join(remote, 'manifest.json'), '{}\n');
      git('add', '-A');
      git('commit', '-q', '-m', 'first');
      // A real commit (its id is its hash, so git sends it) twice the commit limit, made by git itself.
      await writeFile(path.join(dir, 'message'), ' '.repeat(2 * Limits.gitObjectBytes.commit!));
      git('update-ref', 'refs/heads/main', git('commit-tree', 'HEAD^{tree}', '-p', 'HEAD', '-F', path.join(dir, 'message')));
      const file = path.join(dir, 'pulled.ep');
      await assert.rejects(
        store.pull(file, remote),
        (error) => limitOf(error).code === 'LIMIT_EXCEEDED' && limitOf(error).details.type === 'commit',
      );
      await assert.rejects(readFile(file), { code: 'ENOENT' });
    });
  });

  it('lets packages ep writes through: a history of saves stays far within the limits', async () => {
    await inTempDir(async (dir) => {
      const file = path.join(dir, 'saved.ep');
      for (let i = 0; i < 3; i += 1) await store.save(file, new ScenarioList([{ key: 'a', n: i }, { key: 'b' }]));
      assert.equal((await store.log(file)).length, 3);
      assert.equal((await store.load(file, { ref: 'HEAD~1' })).list.at(0)!.n, 1);
    });
  });
});
