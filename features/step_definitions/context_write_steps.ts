import { Given, Then, When } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { EpWorld } from '../support/world.js';
import { splitCommandLine } from '../support/command-line.js';
import { writeContextPackage } from '../support/context-cli-fixtures.js';
import { fullDiskContents, runOnFullDisk } from '../support/full-disk.js';
import { detachHead, headState, holdLock, limitLockWait, linkPackage, linkTarget } from '../support/write-fixtures.js';

Given(
  'a context package {string} with the {word} records and a second commit, its HEAD detached at {string} with git',
  async function (this: EpWorld, file: string, set: string, revision: string) {
    await writeContextPackage(this, file, set);
    assert.equal(
      (await this.ep(['context', 'upsert', '--path', file, '--json', '{"key": "note.second", "summary": "The second commit."}'])).exitCode,
      0,
    );
    await detachHead(this, file, revision);
  },
);

Then(
  'plain git finds HEAD of {string} detached at a new commit on top of the one it was detached at',
  async function (this: EpWorld, file: string) {
    const state = await headState(this, file);
    assert.deepEqual({ branch: state.branch, parent: state.parent }, { branch: null, parent: this.values.get('detachedAt') });
    assert.equal(this.lastEnvelope.data.commit, state.head);
  },
);

Then('plain git finds branch main of {string} where it was, and the working tree clean', async function (this: EpWorld, file: string) {
  const state = await headState(this, file);
  assert.deepEqual({ main: state.main, clean: state.clean }, { main: this.values.get('mainBefore'), clean: true });
});

Given(
  'a shared package {string} with the {word} records, linked into the project as {string}',
  async function (this: EpWorld, target: string, set: string, link: string) {
    await writeContextPackage(this, target, set);
    await linkPackage(this, target, link);
  },
);

Given('writers wait at most {int} ms for a package lock', async function (this: EpWorld, ms: number) {
  await limitLockWait(this, ms);
});

Given('a live writer holds the lock of {string}', async function (this: EpWorld, file: string) {
  await holdLock(this, file);
});

Then('{string} is still a symbolic link to {string}', async function (this: EpWorld, link: string, target: string) {
  assert.equal(await linkTarget(this, link), target);
});

Given('a second has passed', async function (this: EpWorld) {
  await new Promise((resolve) => setTimeout(resolve, 1100));
});

When('I upsert the record {string} returned again', async function (this: EpWorld, key: string) {
  const scenario = (await this.ep(['context', 'get', '--key', key])).envelope.data.scenario;
  await this.ep(['context', 'upsert', '--json', JSON.stringify(scenario)]);
});

Given('the temporary directory is {word} the full disk', function (this: EpWorld, where: 'on' | 'off') {
  this.values.set('tempOnDisk', where === 'on');
});

When(
  'I run {string} with {int} bytes left on a full disk holding {string}',
  async function (this: EpWorld, commandLine: string, room: number, file: string) {
    await runOnFullDisk(this, file, splitCommandLine(commandLine).slice(1), {
      roomBytes: room,
      tempOnDisk: this.values.get('tempOnDisk') === true,
    });
  },
);

Then('the full disk holds {string} byte for byte as before, and nothing else but the filler', async function (this: EpWorld, file: string) {
  const contents = await fullDiskContents(this);
  assert.deepEqual([...contents.keys()].sort(), ['filler', file.split('/').pop()!]);
  assert.ok(contents.get(file.split('/').pop()!)!.equals(await readFile(this.resolve(file))), `${file} changed`);
});
