import { Given, Then } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { EpWorld } from '../support/world.js';
import type { LoadedPackage } from '../../src/storage/package-store-contract.js';
import {
  FIXTURE_FILES,
  writeDamagedHeadPackage,
  writeEdslPackage,
  writeEdslSurveyPackage,
  writeMidRepackPackage,
  git,
} from '../support/storage-edsl-fixtures.js';
import { headSource } from '../support/storage-checks.js';
import { archiveFiles, plainGit, unpack } from '../support/storage-driver.js';

const loaded = (world: EpWorld) => world.values.get('loaded') as LoadedPackage;

Given(
  'an EDSL-written package {string} with commits {string} and {string}, tag {string} on {string} and branch {string} on {string}',
  async function (
    this: EpWorld,
    file: string,
    first: 'v1' | 'v2',
    second: 'v1' | 'v2',
    tag: string,
    _tagged: string,
    branch: string,
    _branched: string,
  ) {
    await writeEdslPackage(
      this.resolve(file),
      [
        { records: FIXTURE_FILES[first], message: first },
        { records: FIXTURE_FILES[second], message: second },
      ],
      async (dir) => {
        await git(dir, ['tag', '-a', '-m', 'First release', tag, 'HEAD~1']);
        await git(dir, ['branch', branch, 'HEAD~1']);
      },
    );
  },
);

Given('an EDSL-written Survey package {string}', async function (this: EpWorld, file: string) {
  await writeEdslSurveyPackage(this.resolve(file));
});

Given(
  '{string} was zipped mid-repack with a stray temporary pack, a lock file and no empty directories',
  async function (this: EpWorld, file: string) {
    await writeMidRepackPackage(this.resolve(file), [
      { records: FIXTURE_FILES.v1, message: 'v1' },
      { records: FIXTURE_FILES.v2, message: 'v2' },
    ]);
  },
);

Given('{string} has the objects of its HEAD commit {word}', async function (this: EpWorld, file: string, damage: string) {
  await writeDamagedHeadPackage(
    this.resolve(file),
    [
      { records: FIXTURE_FILES.v1, message: 'v1' },
      { records: FIXTURE_FILES.v2, message: 'v2' },
    ],
    damage,
  );
});

Then('the loaded records are those of commit {string}', function (this: EpWorld, commit: 'v1' | 'v2') {
  assert.deepEqual(
    loaded(this).list.toArray(),
    FIXTURE_FILES[commit].map((text) => JSON.parse(text)),
  );
});

Then('the load read the worktree without running git', async function (this: EpWorld) {
  assert.deepEqual(await headSource(this.resolve('edsl.ep')), { source: 'worktree', commit: loaded(this).commit });
});

Then('the scenario files of commit {string} are unchanged in {string}', async function (this: EpWorld, commit: 'v1' | 'v2', file: string) {
  const files = await archiveFiles(this.resolve(file));
  const texts = Object.entries(files)
    .filter(([name]) => name.startsWith('scenarios/'))
    .map(([, data]) => new TextDecoder().decode(data));
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
  assert.ok(
    loaded(this).warnings.some((warning) => warning.includes('working tree')),
    JSON.stringify(loaded(this).warnings),
  );
});
