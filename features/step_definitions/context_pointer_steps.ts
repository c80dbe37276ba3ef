import { Given, Then } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import type { EpWorld } from '../support/world.js';

Given('the active context is {string}', async function (this: EpWorld, packagePath: string) {
  await mkdir(this.resolve('analysis/notebooks'), { recursive: true });
  const run = await this.ep(['context', 'use', '--path', packagePath]);
  assert.equal(run.exitCode, 0, run.stdout);
});

Given('the file {string} contains {string}', async function (this: EpWorld, file: string, content: string) {
  await this.writeFile(file, content);
});

Then('the file {string} holds {string} = {string}', async function (this: EpWorld, file: string, field: string, value: string) {
  const data = JSON.parse(await readFile(this.resolve(file), 'utf8'));
  assert.equal(data[field], value);
});

Then('the file {string} does not exist', function (this: EpWorld, file: string) {
  assert.equal(existsSync(this.resolve(file)), false);
});

Then('the error suggestion is {string}', function (this: EpWorld, suggestion: string) {
  assert.equal(this.lastEnvelope.error.suggestion, suggestion);
});
