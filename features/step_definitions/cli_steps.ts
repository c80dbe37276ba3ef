import { Then, When } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import type { EpWorld } from '../support/world.js';
import { readPath } from '../support/json-path.js';
import { splitCommandLine } from '../support/command-line.js';

When('I run {string}', async function (this: EpWorld, commandLine: string) {
  await this.ep(commandLine);
});

When('I run {string} in {string}', async function (this: EpWorld, commandLine: string, subdir: string) {
  await this.ep(commandLine, { cwd: subdir });
});

When('I run {string} with the JSON argument:', async function (this: EpWorld, commandLine: string, json: string) {
  await this.ep([...splitCommandLine(commandLine), json]);
});

When('I run {string} with stdin:', async function (this: EpWorld, commandLine: string, input: string) {
  await this.ep(commandLine, { input });
});

Then('the command succeeds', function (this: EpWorld) {
  const envelope = this.lastEnvelope;
  assert.equal(envelope.status, 'ok', `expected ok, got ${JSON.stringify(envelope, null, 2)}\nstderr: ${this.last!.stderr}`);
  assert.deepEqual(Object.keys(envelope).sort(), ['data', 'status', 'warnings']);
  assert.equal(this.last!.exitCode, 0);
});

Then('the command fails with code {string} and exit code {int}', function (this: EpWorld, code: string, exitCode: number) {
  const envelope = this.lastEnvelope;
  assert.equal(envelope.status, 'error', `expected an error, got ${JSON.stringify(envelope, null, 2)}`);
  assert.deepEqual(Object.keys(envelope).sort(), ['error', 'status']);
  assert.equal(envelope.error.code, code, `message: ${envelope.error.message}`);
  assert.equal(typeof envelope.error.message, 'string');
  assert.equal(this.last!.exitCode, exitCode);
  assert.doesNotMatch(this.last!.stdout + this.last!.stderr, /\n\s+at .+:\d+:\d+/, 'no stack trace is printed');
});

Then('the error message mentions {string}', function (this: EpWorld, text: string) {
  assert.ok(this.lastEnvelope.error.message.includes(text), `"${this.lastEnvelope.error.message}" should mention "${text}"`);
});

Then('the error details {string} is {string}', function (this: EpWorld, field: string, expected: string) {
  assert.equal(String(readPath(this.lastEnvelope.error.details, field)), expected);
});

Then('the envelope data {string} is {string}', function (this: EpWorld, field: string, expected: string) {
  assert.equal(String(readPath(this.lastEnvelope.data, field)), expected);
});

Then('the envelope data {string} is the JSON:', function (this: EpWorld, field: string, expected: string) {
  assert.deepEqual(readPath(this.lastEnvelope.data, field), JSON.parse(expected));
});

Then('the envelope data {string} has {int} items', function (this: EpWorld, field: string, count: number) {
  const value = readPath(this.lastEnvelope.data, field);
  assert.ok(Array.isArray(value), `${field} should be a list, got ${JSON.stringify(value)}`);
  assert.equal(value.length, count);
});

Then('stdout is plain text mentioning {string}', function (this: EpWorld, text: string) {
  assert.equal(this.last!.envelope, undefined, 'help is not JSON');
  assert.ok(this.last!.stdout.includes(text));
  assert.equal(this.last!.exitCode, 0);
});

Then('stderr mentions {string}', function (this: EpWorld, text: string) {
  assert.ok(this.last!.stderr.includes(text), `stderr was:\n${this.last!.stderr}`);
});

When("I run {string} in the demo's project directory", async function (this: EpWorld, commandLine: string) {
  const dir = this.lastEnvelope.data.project_dir as string;
  this.values.set('demoDir', dir);
  await this.ep(commandLine, { cwd: dir });
});

Then(
  'the envelope data {string} has an item whose {string} is {string}',
  function (this: EpWorld, field: string, key: string, value: string) {
    const items = readPath(this.lastEnvelope.data, field) as Record<string, unknown>[];
    assert.ok(Array.isArray(items) && items.some((item) => String(item[key]) === value), `${field}: ${JSON.stringify(items)}`);
  },
);

When('I run {string} logging plugin lifecycles', async function (this: EpWorld, commandLine: string) {
  await this.ep(commandLine, { env: { EP_LIFECYCLE_LOG: this.resolve('lifecycle.log') } });
});
