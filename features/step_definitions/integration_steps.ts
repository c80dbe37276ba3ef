import { defineParameterType, Given, Then, When, type DataTable } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import { FRAMEWORK_EXAMPLES, frameworkRun, nodeAtPath, runFrameworkExample } from '../support/framework-examples.js';
import { failingFrameworkToolCall, frameworkToolNames, type FrameworkToolFailure } from '../support/framework-tools.js';
import { rememberAndRecall, storedNamespaces, type Recalled } from '../support/langgraph-store-driver.js';
import { epOf } from '../support/library-api.js';
import { pythonPackageRecordFile } from '../support/python-json.js';
import type { EpWorld } from '../support/world.js';

defineParameterType({ name: 'framework', regexp: new RegExp(Object.keys(FRAMEWORK_EXAMPLES).join('|')), transformer: (text) => text });

const PILOT_RECORDS = [
  { key: 'decision.pilot-vendor', kind: 'decision', summary: 'Run the pricing pilot with the lower-cost vendor.', tags: ['pilot'] },
  { key: 'constraint.pilot-budget', kind: 'constraint', summary: 'Pilot budgets stay under 200 dollars.', tags: ['pilot'] },
  { key: 'note.office', kind: 'note', summary: 'The office plants need water on Fridays.', tags: ['office'] },
];

Given('a project whose active context holds the pilot records', async function (this: EpWorld) {
  await this.writeJson('pilot.json', PILOT_RECORDS);
  assert.equal((await this.ep('scenarios create --from-json pilot.json --output pilot_context.ep')).exitCode, 0, this.last?.stdout);
  assert.equal((await this.ep('context use --path pilot_context.ep')).exitCode, 0, this.last?.stdout);
});

When('the {framework} example runs in the project', async function (this: EpWorld, framework: string) {
  await runFrameworkExample(this, framework);
});

Then('its answer names {string} and {string}', function (this: EpWorld, first: string, second: string) {
  const { answer } = frameworkRun(this);
  assert.ok(answer.includes(first) && answer.includes(second), answer);
});

Then("the session's builtin_context_search call returned {string} from {string}", function (this: EpWorld, key: string, file: string) {
  const search = frameworkRun(this).nodes.find((node) => node.name === 'builtin_context_search');
  const output = JSON.stringify(search?.output ?? null);
  assert.ok(output.includes(`"key":"${key}"`) && output.includes(`"context_path":"${file}"`), output);
});

Then('the session has the call path {string}', function (this: EpWorld, names: string) {
  const node = nodeAtPath(frameworkRun(this).nodes, names.split(' > '));
  assert.ok(node && node.status === 'completed', `no completed ${names} in ${JSON.stringify(frameworkRun(this).nodes.map((n) => n.name))}`);
  this.values.set('pathNode', node);
});

Then('the session has the call path {string} beside it', function (this: EpWorld, names: string) {
  const node = nodeAtPath(frameworkRun(this).nodes, names.split(' > '));
  const sibling = this.values.get('pathNode') as { id: string; caller: string | null } | undefined;
  assert.ok(node && sibling && node.id !== sibling.id, `no ${names} beside the earlier call`);
  assert.equal(node.caller, sibling.caller);
});

Then('every model call in the session recorded its prompt, its reply and its token usage', function (this: EpWorld) {
  const models = frameworkRun(this).nodes.filter((node) => node.kind === 'model');
  assert.ok(models.length >= 2, `${models.length} model calls`);
  for (const model of models) {
    assert.ok(JSON.stringify(model.input).includes('pricing pilot'), `the prompt of ${model.id}: ${JSON.stringify(model.input)}`);
    assert.ok(model.output !== undefined && model.status === 'completed' && typeof model.durationMs === 'number');
    assert.ok((model.usage?.inputTokens ?? 0) > 0 && (model.usage?.outputTokens ?? 0) > 0, JSON.stringify(model.usage));
  }
});

When('the {framework} context tools are listed', async function (this: EpWorld, framework: string) {
  this.values.set('toolNames', await frameworkToolNames(epOf(this), framework, false));
});

When('the {framework} context tools are listed with writes allowed', async function (this: EpWorld, framework: string) {
  this.values.set('toolNames', await frameworkToolNames(epOf(this), framework, true));
});

Then('they include {string} and not {string}', function (this: EpWorld, present: string, absent: string) {
  const names = this.values.get('toolNames') as string[];
  assert.ok(names.includes(present) && !names.includes(absent), names.join(', '));
});

Then('they include {string}', function (this: EpWorld, present: string) {
  assert.ok((this.values.get('toolNames') as string[]).includes(present));
});

When(
  'the {framework} agent calls {string} with {} and no context is active',
  async function (this: EpWorld, framework: string, tool: string, input: string) {
    this.values.set('toolFailure', await failingFrameworkToolCall(epOf(this), framework, tool, JSON.parse(input) as object));
  },
);

Then('the framework got its own error type with code {string} in it', function (this: EpWorld, code: string) {
  const failure = this.values.get('toolFailure') as FrameworkToolFailure;
  assert.ok(failure.frameworkType, `not the framework's error type: ${failure.message}`);
  assert.equal(failure.code, code);
  assert.ok(failure.message.includes(`${code}: builtin/context-search failed`), failure.message);
});

When(
  'a LangGraph graph with an ep store on {string} remembers, then recalls {string} from {string}:',
  async function (this: EpWorld, file: string, query: string, prefix: string, table: DataTable) {
    const memories = table.hashes().map((row) => ({ namespace: row['namespace']!.split('/'), key: row['key']!, text: row['text']! }));
    this.values.set('recalled', await rememberAndRecall(epOf(this), file, memories, query, prefix.split('/')));
  },
);

Then('the graph recalled {string} of {string} first, ranked by BM25', function (this: EpWorld, key: string, namespace: string) {
  const [first, ...rest] = this.values.get('recalled') as Recalled[];
  assert.deepEqual([first?.namespace.join('/'), first?.key], [namespace, key]);
  assert.ok((first?.score ?? 0) > 0 && rest.every((item) => (item.score ?? 0) <= first!.score!), JSON.stringify([first, ...rest]));
});

Then(
  'Python reads the record {string} from the archive {string} with the text {string}',
  async function (this: EpWorld, key: string, file: string, text: string) {
    const record = JSON.parse(await pythonPackageRecordFile(this.resolve(file), key)) as { value: { text: string }; namespace: string[] };
    assert.equal(record.value.text, text);
    assert.deepEqual(record.namespace, key.split('/').slice(0, -1));
  },
);

Then('a new ep store on {string} lists the namespaces {string}', async function (this: EpWorld, file: string, expected: string) {
  const namespaces = await storedNamespaces(epOf(this), file);
  assert.deepEqual(
    namespaces.map((namespace) => namespace.join('/')),
    expected.split(', '),
  );
});
