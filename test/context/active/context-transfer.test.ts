import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { transferContext } from '../../../src/context/active/context-transfer.js';
import { isEpError } from '../../../src/kernel/errors.js';
import { ScenarioList } from '../../../src/records/scenario-list.js';
import { GitPackageStore } from '../../../src/storage/git-package-store.js';
import type { PackageStore } from '../../../src/storage/package-store-contract.js';

const TIMES = ['2021-05-01T10:00:00.000Z', '2022-05-01T10:00:00.000Z', '2023-05-01T10:00:00.000Z', '2024-05-01T10:00:00.000Z'];

/** The `.ep` store, with reads of one commit failing while `failing` is set (a source damaged or gone mid-copy). */
function storeFailingAt(commit: () => string | undefined): PackageStore {
  const store = new GitPackageStore();
  return Object.assign(Object.create(store) as PackageStore, {
    load: (file: string, options: { ref?: string } = {}) =>
      options.ref !== undefined && options.ref === commit()
        ? Promise.reject(new Error(`reading ${options.ref} failed`))
        : store.load(file, options),
  });
}

describe('transferContext', () => {
  let dir = '';
  const source = () => path.join(dir, 'source.ep');
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ep-transfer-'));
    const versions = TIMES.map((timestamp, n) => ({
      list: new ScenarioList(Array.from({ length: n + 1 }, (_, key) => ({ key: `note.${key}`, version: n + 1 }))),
      message: `Version ${n + 1}`,
      timestamp,
    }));
    await new GitPackageStore().saveHistory(source(), versions);
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('refuses, copying nothing, with a store that cannot save a whole history at once', async () => {
    const store = new GitPackageStore();
    const withoutHistorySaves = Object.assign(Object.create(store) as PackageStore, { saveHistory: undefined });
    await assert.rejects(
      transferContext(dir, withoutHistorySaves, { from: 'source.ep', to: 'not-copied.ep' }),
      (error: unknown) => isEpError(error) && error.code === 'NOT_SUPPORTED',
    );
    assert.equal(existsSync(path.join(dir, 'not-copied.ep')), false);
  });

  it('copies every version with its message and time', async () => {
    const store = new GitPackageStore();
    const result = await transferContext(dir, store, { from: 'source.ep', to: 'copy.ep' });
    assert.deepEqual(
      result.versions.map((version) => [version.message, version.timestamp]),
      TIMES.map((timestamp, n) => [`Version ${n + 1}`, timestamp]),
    );
    const copied = [...(await store.log(path.join(dir, 'copy.ep')))].reverse();
    assert.deepEqual(
      copied.map((entry) => entry.timestamp),
      TIMES,
    );
    for (const [n, entry] of copied.entries()) {
      const { list } = await store.load(path.join(dir, 'copy.ep'), { ref: entry.commit });
      assert.deepEqual(list.toArray(), (await store.load(source(), { ref: result.versions[n]!.from })).list.toArray());
    }
  });

  it('a copy failing at a later version leaves no package, and the copy made again succeeds', async () => {
    const third = [...(await new GitPackageStore().log(source()))].reverse()[2]!.commit;
    let failing: string | undefined = third;
    const store = storeFailingAt(() => failing);
    await assert.rejects(transferContext(dir, store, { from: 'source.ep', to: 'retried.ep' }), /reading .* failed/);
    assert.equal(existsSync(path.join(dir, 'retried.ep')), false);
    assert.deepEqual(
      (await readdir(dir)).filter((name) => name.includes('retried')),
      [],
      'nothing is left beside the package either',
    );
    failing = undefined;
    const result = await transferContext(dir, store, { from: 'source.ep', to: 'retried.ep' });
    assert.equal(result.versions.length, TIMES.length);
  });

  it('refuses a copy to a context that exists with CONTEXT_EXISTS', async () => {
    await assert.rejects(
      transferContext(dir, new GitPackageStore(), { from: 'source.ep', to: 'source.ep' }),
      (error: unknown) => isEpError(error) && error.code === 'CONTEXT_EXISTS' && error.exitCode === 5,
    );
  });
});
