import { Given, Then, When } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import { readdir, rm, truncate } from 'node:fs/promises';
import path from 'node:path';
import type { EpWorld } from '../support/world.js';
import type { LoadedPackage } from '../../src/storage/package-store-contract.js';
import { FIXTURE_FILES, writeEdslPackage, git } from '../support/storage-edsl-fixtures.js';
import { archiveFiles, plainGit, unpack } from '../support/storage-driver.js';
import { OpenPackage } from '../../src/storage/package/open-package.js';

const loaded = (world: EpWorld) => world.values.get('loaded') as LoadedPackage;

Given('an EDSL-written package {string} with commits {string} and {string}, tag {string} on {string} and branch {string} on {string}',
  async function (this: EpWorld, file: string, first: 'v1' | 'v2', second: 'v1' | 'v2', tag: string, _tagged: string, branch: string, _branched: string) {
    await writeEdslPackage(this.resolve(file), [{ records: FIXTURE_FILES[first], message: first }, { records: FIXTURE_FILES[second], message: second }], async (dir) => {
      await git(dir, ['tag', '-a', '-m', 'First release', tag, 'HEAD~1']);
      await git(dir, ['branch', branch, 'HEAD~1']);
    });
  });

Given('an EDSL-written Survey package {string}', async function (this: EpWorld, file: string) {
  await writeEdslPackage(this.resolve(file), [{ records: [], message: 'Save Survey', manifestExtra: {
    edsl_class_name: 'Survey', object_type: 'Survey', format: 'edsl.survey.git_package' } }]);
});

Given('{string} was zipped mid-repack with a stray temporary pack, a lock file and no empty directories', async function (this: EpWorld, file: string) {
  await writeEdslPackage(this.resolve(file), [{ records: FIXTURE_FILES.v1, message: 'v1' }, { records: FIXTURE_FILES.v2, message: 'v2' }], async (dir) => {
    await git(dir, ['repack', '-a', '-d', '-q']);
    await git(dir, ['prune-packed']);
    const { writeFile } = await import('node:fs/promises');
    await writeFile(path.join(dir, '.git/objects/pack/tmp_pack_Ab12Cd'), 'half-written pack');
    await writeFile(path.join(dir, '.git/objects/pack/pack-0123456789abcdef0123456789abcdef01234567.idx'), 'index without its pack');
    await writeFile(path.join(dir, '.git/index.lock'), '');
    await rm(path.join(dir, '.git/refs/tags'), { recursive: true, force: true });
    await rm(path.join(dir, '.git/objects/info'), { recursive: true, force: true });
  });
  // The stray temporary pack reaches the archive too, as when the archive is written while gc runs.
  const { zipSync } = await import('fflate');
  const files = await archiveFiles(this.resolve(file));
  files['.git/objects/pack/tmp_pack_Ab12Cd'] = new TextEncoder().encode('half-written pack');
  const { writeFile } = await import('node:fs/promises');
  await writeFile(this.resolve(file), zipSync(Object.fromEntries(Object.keys(files).sort().map((name) => [name, files[name]!]))));
});

Given('{string} has the objects of its HEAD commit {word}', async function (this: EpWorld, file: string, damage: string) {
  await writeEdslPackage(this.resolve(file), [{ records: FIXTURE_FILES.v1, message: 'v1' }, { records: FIXTURE_FILES.v2, message: 'v2' }], async (dir) => {
    const head = await plainGit(dir, ['rev-parse', 'HEAD']);
    const tree = await plainGit(dir, ['rev-parse', 'HEAD^{tree}']);
    for (const id of [head, tree]) {
      const object = path.join(dir, '.git/objects', id.slice(0, 2), id.slice(2));
      if (damage === 'missing') await rm(object);
      else await truncate(object, 10);
    }
  });
});

Then('the loaded records are those of commit {string}', function (this: EpWorld, commit: 'v1' | 'v2') {
  assert.deepEqual(loaded(this).list.toArray(), FIXTURE_FILES[commit].map((text) => JSON.parse(text)));
});

Then('the load read the worktree without running git', async function (this: EpWorld) {
  const opened = await OpenPackage.open(this.resolve('edsl.ep'));
  try {
    const snapshot = await opened.snapshot('HEAD');
    assert.equal(snapshot.source, 'worktree');
    assert.equal(snapshot.commit, loaded(this).commit);
  } finally {
    await opened.close();
  }
});

Then('the scenario files of commit {string} are unchanged in {string}', async function (this: EpWorld, commit: 'v1' | 'v2', file: string) {
  const files = await archiveFiles(this.resolve(file));
  const texts = Object.entries(files).filter(([name]) => name.startsWith('scenarios/')).map(([, data]) => new TextDecoder().decode(data));
  for (const text of FIXTURE_FILES[commit]) assert.ok(texts.includes(text), `missing unchanged file:\n${text}`);
  assert.equal(texts.length, FIXTURE_FILES[commit].length + 1);
});

Then('plain git shows a clean worktree at HEAD {string} in {string}', async function (this: EpWorld, message: string, file: string) {
  const dir = await unpack(this, this.resolve(file));
  assert.equal(await plainGit(dir, ['status', '--porcelain']), '');
  assert.equal(await plainGit(dir, ['log', '-1', '--format=%s']), message);
  assert.equal(await plainGit(dir, ['fsck', '--no-progress']), '');
  assert.equal((await readdir(path.join(dir, 'scenarios'))).length, 4);
});

Then('the load warns that the working tree was read', function (this: EpWorld) {
  assert.ok(loaded(this).warnings.some((warning) => warning.includes('working tree')), JSON.stringify(loaded(this).warnings));
});
