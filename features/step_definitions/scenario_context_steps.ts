import { Given, Then, When } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import type { EpWorld } from '../support/world.js';
import { ScenarioContext } from '../../src/context/package/scenario-context.js';
import { ScenarioList, type ScoredScenario } from '../../src/records/scenario-list.js';
import type { PackResult } from '../../src/context/package/context-packer.js';
import { withRuntime } from '../../src/runtime/runtime.js';
import { libraryEnv, writeTrustedConfig } from '../support/trust-driver.js';
import { loadScenarioContext, newScenarioContext } from '../../src/api/scenario-context.js';
import { keyedRecords } from '../support/storage-driver.js';
import { HUMANIZE_RECORDS, UPPER_CASE_PACKER_PLUGIN } from '../support/context-records.js';

const context = (world: EpWorld) => world.values.get('context') as ScenarioContext;
const packed = (world: EpWorld) => world.values.get('packed') as PackResult;

function clockedContext(world: EpWorld, list = new ScenarioList()): ScenarioContext {
  return new ScenarioContext(list, { now: () => new Date(world.values.get('clock') as string) });
}

function expectError(body: () => unknown, code: string): void {
  assert.throws(body, (error: { code?: string; message: string }) => {
    assert.equal(error.code, code, error.message);
    return true;
  });
}

When('I load the context {string}', async function (this: EpWorld, file: string) {
  this.values.set('context', await loadScenarioContext(this.resolve(file)));
});

When('I upsert the context record {string} with summary {string}', function (this: EpWorld, key: string, summary: string) {
  context(this).upsert({ key, kind: 'note', summary });
});

When('I save the context without a path and the message {string}', async function (this: EpWorld, message: string) {
  assert.equal((await context(this).save(undefined, { message })).status, 'ok');
});

Given('a context built from a ScenarioList of {int} keyed records', async function (this: EpWorld, count: number) {
  this.values.set('context', await newScenarioContext(new ScenarioList(keyedRecords(count))));
});

Then(
  "the context's ScenarioList has the {int} records in the same order followed by {string}",
  function (this: EpWorld, count: number, key: string) {
    const list = context(this).toScenarioList();
    assert.ok(list instanceof ScenarioList);
    assert.deepEqual(list.toArray().slice(0, count), keyedRecords(count));
    assert.deepEqual(
      list.toArray().map((record) => record.key),
      [...keyedRecords(count).map((record) => record.key), key],
    );
  },
);

Then('getting {string} returns the record {string}', function (this: EpWorld, key: string, expected: string) {
  assert.equal(context(this).get(key)?.key, expected);
});

Then('getting {string} with a default returns the default', function (this: EpWorld, key: string) {
  const fallback = { key: 'fallback' };
  assert.equal(context(this).get(key, { default: fallback }), fallback);
  assert.equal(context(this).get(key, { default: null }), null);
});

Then('getting {string} without a default fails with {string}', function (this: EpWorld, key: string, code: string) {
  expectError(() => context(this).get(key), code);
});

When(
  'I add the record {string} with summary {string} and duplicates {string}',
  function (this: EpWorld, key: string, summary: string, policy: 'error' | 'skip' | 'replace') {
    try {
      this.values.set('outcome', context(this).add({ key, summary }, { duplicates: policy }).status);
    } catch (error) {
      this.values.set('outcome', (error as { code?: string }).code === 'DUPLICATE_KEY' ? 'error' : String(error));
    }
  },
);

Then(
  'the add outcome is {string} and {string} has summary {string}',
  function (this: EpWorld, outcome: string, key: string, summary: string) {
    assert.equal(this.values.get('outcome'), outcome);
    assert.equal(context(this).get(key)?.summary, summary);
    assert.equal(context(this).length, 3);
  },
);

Given('an empty context whose clock reads {string}', function (this: EpWorld, time: string) {
  this.values.set('clock', time);
  this.values.set('context', clockedContext(this));
});

When(
  'the clock reads {string} and I upsert {string} as fields with summary {string}',
  function (this: EpWorld, time: string, key: string, summary: string) {
    this.values.set('clock', time);
    context(this).upsert(key, { kind: 'note', summary });
  },
);

When('I upsert {string} with created_at {string}', function (this: EpWorld, key: string, createdAt: string) {
  context(this).upsert({ key, created_at: createdAt });
});

Then(
  '{string} has created_at {string} and updated_at {string}',
  function (this: EpWorld, key: string, createdAt: string, updatedAt: string) {
    const record = context(this).get(key)!;
    assert.equal(record.created_at, createdAt);
    assert.equal(record.updated_at, updatedAt);
  },
);

Then('upserting a record without a key fails with {string}', function (this: EpWorld, code: string) {
  expectError(() => context(this).upsert({ summary: 'no key' }), code);
});

Then('adding a record with the key {string} fails with {string}', function (this: EpWorld, key: string, code: string) {
  expectError(() => context(this).add({ key, summary: 'empty key' }), code);
});

Then('adding a record with the key {int} fails with {string}', function (this: EpWorld, key: number, code: string) {
  expectError(() => context(this).add({ key, summary: 'numeric key' }), code);
});

Given('a context with the humanize navigation records', async function (this: EpWorld) {
  this.values.set('context', await newScenarioContext(HUMANIZE_RECORDS));
});

When('I search the context for {string}', function (this: EpWorld, query: string) {
  this.values.set('matches', context(this).search(query));
});

When('I search the context for {string} in the fields {string}', function (this: EpWorld, query: string, fields: string) {
  this.values.set('matches', context(this).search(query, { fields: fields.split(',') }));
});

Then('the first match is {string} with a positive score', function (this: EpWorld, key: string) {
  const [first] = this.values.get('matches') as ScoredScenario[];
  assert.equal(first?.scenario.key, key);
  assert.ok(first.score > 0);
});

Then('every match has a score and a scenario', function (this: EpWorld) {
  const matches = this.values.get('matches') as ScoredScenario[];
  assert.ok(matches.length >= 2);
  for (const match of matches) assert.deepEqual(Object.keys(match).sort(), ['scenario', 'score']);
  assert.deepEqual(
    matches.map((m) => m.score),
    [...matches.map((m) => m.score)].sort((a, b) => b - a),
  );
});

When('I pack the context for {string} with a budget of {int}', function (this: EpWorld, query: string, charBudget: number) {
  this.values.set('packed', context(this).pack({ query, charBudget }));
});

Then('the packed text is:', function (this: EpWorld, text: string) {
  assert.equal(packed(this).promptContext, text);
});

Then('the pack reports {int} included keys and {int} omitted', function (this: EpWorld, included: number, omitted: number) {
  assert.equal(packed(this).includedKeys.length, included);
  assert.equal(packed(this).omitted, omitted);
});

Then('the packed text is at most {int} characters', function (this: EpWorld, budget: number) {
  assert.ok([...packed(this).promptContext].length <= budget, packed(this).promptContext);
});

Then('the pack includes {string} and {string} and omits {int}', function (this: EpWorld, first: string, second: string, omitted: number) {
  assert.deepEqual(packed(this).includedKeys, [first, second]);
  assert.equal(packed(this).omitted, omitted);
  for (const line of packed(this).promptContext.split('\n')) assert.ok(!line.endsWith(' [...]'), 'no line is cut');
});

Then('the packed text is at most {int} characters and ends with {string}', function (this: EpWorld, budget: number, marker: string) {
  assert.ok([...packed(this).promptContext].length <= budget);
  assert.ok(packed(this).promptContext.endsWith(marker), packed(this).promptContext);
  assert.equal(packed(this).truncated, true);
});

Then('the search for {string} returns the same ranking as with no budget', function (this: EpWorld, query: string) {
  const ranked = context(this)
    .search(query, { topK: 8 })
    .map((match) => match.scenario.key);
  const small = packed(this);
  assert.ok(ranked.length >= 3);
  assert.deepEqual(
    small.includedKeys,
    ranked.slice(0, small.includedKeys.length).filter((key) => small.includedKeys.includes(key as string)),
  );
  assert.equal(small.includedKeys.length + small.omitted, ranked.length);
});

Given('a project whose ep config replaces the context packer with an upper-case packer', async function (this: EpWorld) {
  await this.writeFile('plugins/upper-packer.mjs', UPPER_CASE_PACKER_PLUGIN);
  await writeTrustedConfig(this, { plugins: ['./plugins/upper-packer.mjs'], providers: { 'ep.ContextPacker': 'acme/upper-packer' } });
});

When('I pack through the runtime for {string} with a budget of {int}', async function (this: EpWorld, query: string, charBudget: number) {
  const packed = await withRuntime({ cwd: this.dir, env: libraryEnv(this) }, async (runtime) => {
    const ctx = await newScenarioContext(context(this).toScenarioList(), { runtime });
    return ctx.pack({ query, charBudget });
  });
  this.values.set('packed', packed);
});

Then('the packed text starts with {string}', function (this: EpWorld, prefix: string) {
  assert.ok(packed(this).promptContext.startsWith(prefix), packed(this).promptContext);
});

When('two contexts load {string}, each upserts a different record, and both save', async function (this: EpWorld, file: string) {
  const [first, second] = await Promise.all([loadScenarioContext(this.resolve(file)), loadScenarioContext(this.resolve(file))]);
  first.upsert({ key: 'note.first', summary: 'From the first agent' });
  second.upsert({ key: 'note.second', summary: 'From the second agent' });
  await first.save();
  await second.save();
  assert.equal(second.length, 5, "the second context sees the first one's record after saving");
});
