import { Given, Then, When } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import type { EpWorld } from '../support/world.js';
import { readPath } from '../support/json-path.js';
import { runReadingLate } from '../support/late-reader.js';
import {
  commitMessages,
  CONTEXT_RECORD_SETS,
  loadRecords,
  projectDigest,
  writeBadPackages,
  writeContextPackage,
} from '../support/context-cli-fixtures.js';

Given('a context package {string} with the {word} records', async function (this: EpWorld, file: string, set: string) {
  await writeContextPackage(this, file, set);
});

Given(
  'the {word} records as a JSON {word} file {string}',
  async function (this: EpWorld, set: string, format: 'array' | 'lines', file: string) {
    const records = CONTEXT_RECORD_SETS[set]!;
    await this.writeFile(
      file,
      format === 'array' ? JSON.stringify(records, null, 2) : records.map((record) => JSON.stringify(record)).join('\n'),
    );
  },
);

Given(
  'the packages {string} and {string}, a folder, a plain file, a Survey package and a corrupt package',
  async function (this: EpWorld, research: string, team: string) {
    await writeContextPackage(this, research, 'humanize');
    await writeContextPackage(this, team, 'team');
    await writeBadPackages(this);
  },
);

Given(
  '{string} with the {word} records and {string} with the {word} records are the active contexts',
  async function (this: EpWorld, first: string, firstSet: string, second: string, secondSet: string) {
    await writeContextPackage(this, first, firstSet);
    await writeContextPackage(this, second, secondSet);
    this.values.set('active-packages', [
      { shown: first, records: CONTEXT_RECORD_SETS[firstSet]! },
      { shown: second, records: CONTEXT_RECORD_SETS[secondSet]! },
    ]);
    for (const args of [
      ['--path', first],
      ['--path', second, '--append'],
    ])
      assert.equal((await this.ep(['context', 'use', ...args])).exitCode, 0);
  },
);

Given('I ran {string}', async function (this: EpWorld, commandLine: string) {
  const run = await this.ep(commandLine);
  assert.equal(run.exitCode, 0, run.stdout);
});

Given(
  'the write context holds a record {string} whose text is {int} characters long',
  async function (this: EpWorld, key: string, length: number) {
    await this.writeJson('long-record.json', { key, text: 'tide '.repeat(Math.ceil(length / 5)).slice(0, length) });
    const run = await this.ep('ep context upsert --json @long-record.json');
    assert.equal(run.exitCode, 0, run.stdout);
  },
);

When('a reader that starts reading {int} ms late runs {string}', async function (this: EpWorld, lateMs: number, commandLine: string) {
  await runReadingLate(this, commandLine, lateMs);
});

Then('the envelope data {string} is {int} characters long', function (this: EpWorld, field: string, length: number) {
  const value: unknown = readPath(this.lastEnvelope.data, field);
  assert.equal(typeof value, 'string', `${field} is not a string`);
  assert.equal((value as string).length, length);
});

When('I note every file in the project', async function (this: EpWorld) {
  this.values.set('digest', await projectDigest(this));
});

When('{int} processes each upsert a record {string} at the same time', async function (this: EpWorld, count: number, prefix: string) {
  const runs = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      this.ep(['context', 'upsert', '--json', JSON.stringify({ key: `${prefix}-${i}`, summary: 'written in parallel' })]),
    ),
  );
  runs.forEach((run) => assert.equal(run.exitCode, 0, run.stdout));
});

Then('every file in the project is byte for byte unchanged', async function (this: EpWorld) {
  assert.deepEqual(await projectDigest(this), this.values.get('digest'));
});

Then('the error has only the keys code, message and optionally suggestion and details', function (this: EpWorld) {
  const extra = Object.keys(this.lastEnvelope.error).filter((key) => !['code', 'message', 'suggestion', 'details'].includes(key));
  assert.deepEqual(extra, []);
});

Then('the matches are {string}', function (this: EpWorld, keys: string) {
  assert.deepEqual(
    this.lastEnvelope.data.matches.map((match: any) => match.scenario.key),
    keys.split(', '),
  );
});

Then('the matches come from {string}', function (this: EpWorld, paths: string) {
  assert.deepEqual(
    this.lastEnvelope.data.matches.map((match: any) => match.context_path),
    paths.split(', '),
  );
});

Then('every match has a positive score and a scenario, best first', function (this: EpWorld) {
  const matches: any[] = this.lastEnvelope.data.matches;
  assert.ok(matches.length > 0);
  matches.forEach((match, i) => {
    assert.deepEqual(Object.keys(match).sort(), ['context_path', 'scenario', 'score']);
    assert.ok(match.score > 0 && (i === 0 || match.score <= matches[i - 1].score));
  });
});

Then('the scores equal those of searching {string} for {string}', async function (this: EpWorld, file: string, query: string) {
  const combined = this.lastEnvelope.data.matches.map((match: any) => [match.scenario.key, match.score]);
  const single = await this.ep(['context', 'search', '--path', file, '--query', query]);
  assert.deepEqual(
    combined,
    single.envelope.data.matches.map((match: any) => [match.scenario.key, match.score]),
  );
});

Then('the envelope warns {string} about {string}', function (this: EpWorld, code: string, text: string) {
  const warnings: any[] = this.lastEnvelope.warnings;
  assert.ok(
    warnings.some((warning) => warning.code === code && warning.message.includes(text)),
    JSON.stringify(warnings),
  );
  warnings.forEach((warning) => assert.deepEqual(Object.keys(warning).sort(), ['code', 'message']));
});

Then('{string} holds the keys {string}', async function (this: EpWorld, file: string, keys: string) {
  assert.deepEqual((await loadRecords(this, file)).map((record) => record.key).sort(), keys.split(', ').sort());
});

Then(
  '{string} holds {string} with {string} = {string}',
  async function (this: EpWorld, file: string, key: string, field: string, value: string) {
    const record = (await loadRecords(this, file)).find((entry) => entry.key === key);
    assert.equal(String(readPath(record, field)), value);
  },
);

Then('the commit messages of {string} are, newest first:', async function (this: EpWorld, file: string, table: { raw(): string[][] }) {
  assert.deepEqual(
    await commitMessages(this, file),
    table.raw().map((row) => row[0]),
  );
});

Then('the prompt context is:', function (this: EpWorld, text: string) {
  assert.equal(this.lastEnvelope.data.prompt_context, text);
});

Then('the envelope data {string} is at most {int}', function (this: EpWorld, field: string, max: number) {
  assert.ok(Number(readPath(this.lastEnvelope.data, field)) <= max, `${field} = ${readPath(this.lastEnvelope.data, field)}`);
});

Then('the envelope has no warnings', function (this: EpWorld) {
  assert.deepEqual(this.lastEnvelope.warnings, []);
});

When('I run each of these commands, and each succeeds:', async function (this: EpWorld, script: string) {
  for (const line of script.split('\n').filter((entry) => entry.trim() !== '')) {
    const run = await this.ep(line);
    assert.equal(run.exitCode, 0, `${line}\n${run.stdout}`);
  }
});

Then('the envelope data {string} mentions {string}', function (this: EpWorld, field: string, text: string) {
  assert.ok(String(readPath(this.lastEnvelope.data, field)).includes(text), `${field} = ${readPath(this.lastEnvelope.data, field)}`);
});

Then('stdout is exactly one ok envelope with data, status and warnings', function (this: EpWorld) {
  assert.equal(this.last!.stdout.trim(), JSON.stringify(this.lastEnvelope, null, 2));
  assert.deepEqual(Object.keys(this.lastEnvelope), ['status', 'data', 'warnings']);
  assert.equal(this.lastEnvelope.status, 'ok');
});

Then('stderr is empty', function (this: EpWorld) {
  assert.equal(this.last!.stderr, '');
});

Then('the history messages are, newest first:', function (this: EpWorld, table: { raw(): string[][] }) {
  assert.deepEqual(
    this.lastEnvelope.data.commits.map((entry: { message: string }) => entry.message),
    table.raw().map((row) => row[0]),
  );
});
