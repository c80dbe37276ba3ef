import { Given, Then } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import { mkdir, readdir, readFile, utimes } from 'node:fs/promises';
import path from 'node:path';
import { PYTHON_PROJECT, TYPESCRIPT_PROJECT, linesOf, writeCodeProject } from '../support/code-fixtures.js';
import { fragmentOf, type FragmentView } from '../support/crp-project.js';
import { readPath } from '../support/json-path.js';
import type { EpWorld } from '../support/world.js';

Given('the Python project mirroring the seed', async function (this: EpWorld) {
  await writeCodeProject(this, PYTHON_PROJECT);
});
Given('the TypeScript project with a scenario offloader', async function (this: EpWorld) {
  await writeCodeProject(this, TYPESCRIPT_PROJECT);
});
Given('the source file {string} holds:', async function (this: EpWorld, file: string, text: string) {
  await this.writeFile(file, `${text}\n`);
});
Given('the project has an empty directory {string}', async function (this: EpWorld, dir: string) {
  await mkdir(this.resolve(dir), { recursive: true });
});
Given('ep has read the project, which has not changed for a minute since', async function (this: EpWorld) {
  assert.equal((await this.ep('ep code map')).exitCode, 0);
  await backdate(this.dir);
  // Read again once quiet, so the listing it keeps is one the next request trusts.
  assert.equal((await this.ep('ep code map')).exitCode, 0);
});
Given('the source file {string} was added a minute ago, holding:', async function (this: EpWorld, file: string, text: string) {
  await this.writeFile(file, `${text}\n`);
  const aMinuteAgo = new Date(Date.now() - 60_000);
  for (const changed of [file, path.dirname(file)]) await utimes(this.resolve(changed), aMinuteAgo, aMinuteAgo);
});

Then('the fragment {string} shows {string}', function (this: EpWorld, node: string, text: string) {
  const { content } = fragmentOf(this, node);
  assert.ok(content.includes(text), `${node} should show ${JSON.stringify(text)}:\n${content}`);
});
Then('the fragment {string} does not show {string}', function (this: EpWorld, node: string, text: string) {
  const { content } = fragmentOf(this, node);
  assert.ok(!content.includes(text), `${node} should not show ${JSON.stringify(text)}:\n${content}`);
});
Then(
  'the fragment {string} is exactly lines {int} to {int} of {string}',
  async function (this: EpWorld, node: string, start: number, end: number, file: string) {
    assert.equal(fragmentOf(this, node).content, linesOf(await readFile(this.resolve(file), 'utf8'), start, end));
  },
);
Then('the fragment {string} is located at {string}', function (this: EpWorld, node: string, location: string) {
  assert.equal(fragmentOf(this, node).provenance.location, location);
});
Then('the first fragment is {string}', function (this: EpWorld, node: string) {
  const fragments = this.lastEnvelope.data.fragments as FragmentView[];
  assert.equal(fragments[0]?.uko_node, node, `order was ${fragments.map((f) => f.uko_node).join(', ')}`);
});
Then('every fragment was selected by {string}', function (this: EpWorld, strategy: string) {
  const fragments = this.lastEnvelope.data.fragments as FragmentView[];
  assert.ok(fragments.length > 0, 'no fragments');
  for (const fragment of fragments) assert.equal(fragment.provenance.strategy, strategy, fragment.uko_node);
});
Then('stdout is a prompt block headed {string}', function (this: EpWorld, heading: string) {
  assert.equal(this.last!.exitCode, 0, this.last!.stderr);
  assert.equal(this.last!.envelope, undefined, 'the text format prints no envelope');
  assert.ok(this.last!.stdout.includes(`### ${heading}`), this.last!.stdout);
});
Then('the MCP result {string} is the text {string}', function (this: EpWorld, field: string, expected: string) {
  assert.equal(readPath((this.values.get('mcpResult') as { structuredContent?: unknown }).structuredContent, field), expected);
});

/** Every file and directory under `dir` as last changed a minute ago. */
async function backdate(dir: string): Promise<void> {
  const aMinuteAgo = new Date(Date.now() - 60_000);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) await backdate(path.join(dir, entry.name));
    else await utimes(path.join(dir, entry.name), aMinuteAgo, aMinuteAgo);
  }
  await utimes(dir, aMinuteAgo, aMinuteAgo);
}
