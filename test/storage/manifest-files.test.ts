import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { git, writeEdslPackage } from '../../features/support/storage-edsl-fixtures.js';
import { EpError } from '../../src/kernel/errors.js';
import { GitPackageStore } from '../../src/storage/git-package-store.js';

const records = [
  { key: 'pref.a', summary: 'first' },
  { key: 'pref.b', summary: 'second' },
  { key: 'pref.c', summary: 'third' },
];

/** A package EDSL wrote with `records` at `file`, whose last commit then changes its tree with `change`. */
async function packageWith(file: string, change: (worktree: string) => Promise<void>): Promise<string> {
  await writeEdslPackage(file, [{ records, message: 'Save ScenarioList' }], async (worktree) => {
    await change(worktree);
    await git(worktree, ['add', '-A']);
    await git(worktree, ['commit', '-q', '-m', 'change the tree']);
  });
  return file;
}

describe('the manifest against the scenario files', () => {
  let dir = '';
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ep-manifest-files-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('reads the listed records in the listed order and warns with the number of files it leaves out', async () => {
    const file = await packageWith(path.join(dir, 'stray.ep'), async (worktree) => {
      for (const id of ['000007', '000042']) await writeFile(path.join(worktree, 'scenarios', `${id}.json`), '{"key": "stray"}');
    });
    const loaded = await new GitPackageStore().load(file);
    assert.deepEqual(
      loaded.list.toArray().map((record) => record.key),
      ['pref.a', 'pref.b', 'pref.c'],
    );
    assert.deepEqual(loaded.scenarioIds, ['000001', '000002', '000003']);
    assert.deepEqual(loaded.warnings, [`${file} has 2 scenario file(s) not listed in its manifest; they were ignored.`]);
  });

  it('gives no warning when every scenario file is listed', async () => {
    const file = await packageWith(path.join(dir, 'notes.ep'), async (worktree) =>
      writeFile(path.join(worktree, 'notes.txt'), 'not a scenario'),
    );
    assert.deepEqual((await new GitPackageStore().load(file)).warnings, []);
  });

  it('reads the records in the order the manifest lists them, rising or not, and refuses an id listed twice', async () => {
    const listed = async (order: string[]) => {
      const file = path.join(dir, `${order.join('-')}.ep`);
      await writeEdslPackage(file, [{ records, message: 'Save ScenarioList', manifestExtra: { scenario_order: order } }]);
      return new GitPackageStore().load(file);
    };
    const keys = async (order: string[]) => (await listed(order)).list.toArray().map((record) => record.key);
    assert.deepEqual(await keys(['000003', '000001', '000002']), ['pref.c', 'pref.a', 'pref.b']);
    assert.deepEqual(await keys(['000001', '000002', '000003']), ['pref.a', 'pref.b', 'pref.c']);
    for (const order of [
      ['000001', '000001', '000002'],
      ['000002', '000001', '000002'],
    ]) {
      await assert.rejects(
        listed(order),
        (error: unknown) => error instanceof EpError && error.message.includes('scenario_order repeats an id'),
      );
    }
  });

  it('refuses a manifest that lists a scenario whose file is missing, naming it', async () => {
    const file = await packageWith(path.join(dir, 'missing.ep'), async (worktree) => rm(path.join(worktree, 'scenarios', '000002.json')));
    await assert.rejects(
      new GitPackageStore().load(file),
      (error: unknown) =>
        error instanceof EpError &&
        error.code === 'INVALID_PACKAGE' &&
        error.message.includes('scenario 000002 is listed but scenarios/000002.json is missing'),
    );
  });
});
