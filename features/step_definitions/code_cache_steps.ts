import { Given, Then, When } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { decodeTreeCache } from '../../src/context/code/tree-cache-decode.js';
import { generatedPythonModules, withPostingsDamaged } from '../support/code-cache-damage.js';
import { writeCodeProject } from '../support/code-fixtures.js';
import type { EpWorld } from '../support/world.js';

/** The tree cache of the scenario's project under its EP_HOME. */
async function treeCacheFile(world: EpWorld): Promise<string> {
  const dir = path.join(world.home, 'cache', 'code-context');
  const name = (await readdir(dir)).find((file) => file.endsWith('.tree'));
  assert.ok(name, `no tree cache in ${dir}`);
  return path.join(dir, name);
}

Given('a Python project of {int} generated modules', async function (this: EpWorld, count: number) {
  await writeCodeProject(this, generatedPythonModules(count));
});

Given('I ran {string} and noted its fragments', async function (this: EpWorld, commandLine: string) {
  const result = await this.ep(commandLine);
  assert.equal(result.exitCode, 0, result.stderr);
  this.values.set('notedFragments', this.lastEnvelope.data.fragments);
  this.values.set('soundIndex', decodeTreeCache(await readFile(await treeCacheFile(this)), this.dir).searchIndex?.bytes);
});

When("every block of postings in the code cache's search index is damaged", async function (this: EpWorld) {
  const file = await treeCacheFile(this);
  const { damaged, blocks } = withPostingsDamaged(await readFile(file));
  assert.ok(blocks >= 2, `the postings should span whole blocks, found ${blocks}`);
  await writeFile(file, damaged);
  // Nothing a request reads before it ranks is damaged: opening the cache succeeds.
  assert.ok(decodeTreeCache(damaged, this.dir).searchIndex, 'the damaged cache still opens');
});

Then('the fragments are the noted ones', function (this: EpWorld) {
  assert.equal(this.last!.exitCode, 0, this.last!.stderr);
  assert.deepEqual(this.lastEnvelope.data.fragments, this.values.get('notedFragments'));
});

Then("the code cache's search index is the sound one again", async function (this: EpWorld) {
  const kept = decodeTreeCache(await readFile(await treeCacheFile(this)), this.dir).searchIndex;
  assert.ok(kept, 'the cache keeps an index');
  assert.deepEqual(kept.bytes, this.values.get('soundIndex'));
});
