import { Given, Then, When } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import type { EpWorld } from '../support/world.js';
import { listOf, recordsOf } from '../support/records-driver.js';
import { ScenarioList } from '../../src/records/scenario-list.js';
import type { Scenario } from '../../src/records/scenario.js';
import type { JsonValue } from '../../src/records/json.js';
import { ElasticlunrSearchEngine } from '../../src/search/elasticlunr/elasticlunr-engine.js';
import { rankRecords, searchRecords } from '../../src/api/search.js';
import { LAST_FIRST_SEARCH_PLUGIN } from '../support/plugin-fixtures.js';
import { writeTrustedConfig } from '../support/trust-driver.js';

const keysOf = (records: Scenario[]) => records.map((record) => String(record.key));

Given('the records:', function (this: EpWorld, json: string) {
  recordsOf(this).list = new ScenarioList(JSON.parse(json) as Scenario[]);
});

Given('the codebook:', function (this: EpWorld, json: string) {
  const driver = recordsOf(this);
  driver.list = new ScenarioList(driver.list.toArray(), JSON.parse(json) as Record<string, string>);
});

When('I index the records by {string}', function (this: EpWorld, field: string) {
  recordsOf(this).run((list) => list.indexBy(field));
});

When('I index the records by {string} letting the {word} duplicate win', function (this: EpWorld, field: string, policy: 'first' | 'last') {
  recordsOf(this).run((list) => list.indexBy(field, { onDuplicate: policy }));
});

Then('the index maps {string} to the record titled {string}', function (this: EpWorld, value: string, title: string) {
  assert.equal((recordsOf(this).result as Map<JsonValue, Scenario>).get(value)?.title, title);
});

Then('the index has the keys {string}', function (this: EpWorld, keys: string) {
  assert.deepEqual([...(recordsOf(this).result as Map<JsonValue, Scenario>).keys()], listOf(keys));
});

Then('it fails with {string} saying {string}', function (this: EpWorld, code: string, text: string) {
  const error = recordsOf(this).error as { code?: string; message?: string } | undefined;
  assert.equal(error?.code, code, `expected ${code}, got ${String(error)}`);
  assert.ok(error.message?.includes(text), `"${error.message}" should say "${text}"`);
});

When('I look up the record whose {string} is {string}', function (this: EpWorld, field: string, value: string) {
  recordsOf(this).run((list) => list.lookup(field, value));
});

When('I look up the record whose {string} is the JSON {string}', function (this: EpWorld, field: string, value: string) {
  recordsOf(this).run((list) => list.lookup(field, JSON.parse(value) as JsonValue));
});

Then('the record found is titled {string}', function (this: EpWorld, title: string) {
  assert.equal((recordsOf(this).result as Scenario | undefined)?.title, title);
});

Then('no record is found', function (this: EpWorld) {
  assert.equal(recordsOf(this).error, undefined);
  assert.equal(recordsOf(this).result, undefined);
});

When('I look up every record whose {string} is {string}', function (this: EpWorld, field: string, value: string) {
  recordsOf(this).run((list) => list.lookupMany(field, value));
});

When('I upsert by {string} the record:', function (this: EpWorld, field: string, json: string) {
  recordsOf(this).run((list) => list.upsert(field, JSON.parse(json) as Scenario));
});

When('I upsert in place by {string} the record:', function (this: EpWorld, field: string, json: string) {
  recordsOf(this).run((list) => list.upsert(field, JSON.parse(json) as Scenario, { inPlace: true }));
});

Then('the result is a ScenarioList with the keys {string}', function (this: EpWorld, keys: string) {
  assert.ok(recordsOf(this).result instanceof ScenarioList, 'a ScenarioList is returned');
  assert.deepEqual(keysOf(recordsOf(this).resultRecords()), listOf(keys));
});

Then('the result keys are {string}', function (this: EpWorld, keys: string) {
  assert.deepEqual(keysOf(recordsOf(this).resultRecords()), listOf(keys));
});

Then('the result titles are {string}', function (this: EpWorld, titles: string) {
  assert.deepEqual(
    recordsOf(this)
      .resultRecords()
      .map((record) => String(record.title)),
    listOf(titles),
  );
});

Then('the original list is unchanged and a new list was returned', function (this: EpWorld) {
  const { before, result } = recordsOf(this);
  assert.notEqual(result, before!.list);
  assert.equal(JSON.stringify(before!.list.toArray()), before!.snapshot);
});

Then('the original list itself was changed and returned', function (this: EpWorld) {
  const { before, result } = recordsOf(this);
  assert.equal(result, before!.list);
  assert.notEqual(JSON.stringify(before!.list.toArray()), before!.snapshot);
});

// Standalone searches go through the library API, which ranks with the default runtime's engine (BM25).
When('I search the records for {string}', async function (this: EpWorld, query: string) {
  await recordsOf(this).runAsync((list) => searchRecords(list, query));
});

When('I search the records for {string} in the fields {string}', async function (this: EpWorld, query: string, fields: string) {
  await recordsOf(this).runAsync((list) => searchRecords(list, query, { fields: listOf(fields) }));
});

When('I search the records for {string} keeping the top {int}', async function (this: EpWorld, query: string, topK: number) {
  await recordsOf(this).runAsync((list) => searchRecords(list, query, { topK }));
});

When('I search the records for {string} in the fields {string} with scores', async function (this: EpWorld, query: string, fields: string) {
  await recordsOf(this).runAsync((list) => rankRecords(list, query, { fields: listOf(fields) }));
});

When(
  'I search the records for {string} with elasticlunr boosting {string} by {int}',
  function (this: EpWorld, query: string, field: string, boost: number) {
    const engine = new ElasticlunrSearchEngine({ boosts: { [field]: boost } });
    recordsOf(this).run((list) => list.search(query, { engine, includeScores: true }));
  },
);

Then('the scores are {string}', function (this: EpWorld, expected: string) {
  const scores = recordsOf(this).scores;
  const wanted = listOf(expected).map(Number);
  assert.equal(scores.length, wanted.length, `scores were ${scores.join(', ')}`);
  wanted.forEach((value, i) => assert.ok(Math.abs(scores[i]! - value) <= 1e-12 * Math.abs(value), `score ${i}: ${scores[i]} vs ${value}`));
});

Then('nothing matches', function (this: EpWorld) {
  assert.deepEqual(recordsOf(this).resultRecords(), []);
});

When('I call the search-records tool for {string}', async function (this: EpWorld, query: string) {
  await this.ep(['tools', 'call', 'builtin/search-records', '--json', JSON.stringify({ records: recordsOf(this).list.toArray(), query })]);
});

Then('the tool matches are {string}', function (this: EpWorld, keys: string) {
  const matches = this.lastEnvelope.data.matches as Array<{ score: number; scenario: Scenario }>;
  assert.deepEqual(keysOf(matches.map((match) => match.scenario)), listOf(keys));
  assert.ok(
    matches.every((match, i) => match.score > 0 && (i === 0 || match.score <= matches[i - 1]!.score)),
    'scores are positive and descend',
  );
});

Given('the ep config chooses elasticlunr with the boosts:', async function (this: EpWorld, json: string) {
  await this.writeJson('.edsl/ep.json', {
    providers: { 'ep.SearchEngine': 'builtin/search-elasticlunr' },
    options: { 'builtin/search-elasticlunr': { boosts: JSON.parse(json) } },
  });
});

Given('the project config loads a search plugin that ranks the last record first', async function (this: EpWorld) {
  await this.writeFile('plugins/last-first.mjs', LAST_FIRST_SEARCH_PLUGIN);
  await writeTrustedConfig(this, { plugins: ['./plugins/last-first.mjs'], providers: { 'ep.SearchEngine': 'acme/last-first' } });
});

Given('the records are saved as the package {string}', async function (this: EpWorld, file: string) {
  await this.writeJson('records.json', recordsOf(this).list.toArray());
  const run = await this.ep(['scenarios', 'create', '--from-json', 'records.json', '--output', file]);
  assert.equal(run.exitCode, 0, run.stderr);
});

Then('the tool {string} is listed as {string}', function (this: EpWorld, name: string, capability: string) {
  const tools = this.lastEnvelope.data.tools as Array<{ name: string; capabilities: string[] }>;
  const tool = tools.find((candidate) => candidate.name === name);
  assert.ok(tool, `${name} is listed`);
  assert.ok(tool.capabilities.includes(capability), `capabilities: ${tool.capabilities.join(', ')}`);
});
