import { Given, Then, When } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import { agentFunction, isEpError } from '../../src/index.js';
import { attempt, countingPlugin, epOf, loopRuns, openEp, runAgentLoop, type LifecycleCounts } from '../support/library-api.js';
import type { EpWorld } from '../support/world.js';

const counts = (world: EpWorld) => world.values.get('lifecycle') as LifecycleCounts;
const lastLoop = (world: EpWorld) => loopRuns(world).at(-1)!;
const step = agentFunction({ name: 'step', instructions: 'Note the step.' }, (input: { step: string }) => input.step);

Given('the library API is opened in the project', async function (this: EpWorld) {
  await openEp(this);
});

Given('the library API is opened with a plugin that counts its lifecycle', async function (this: EpWorld) {
  const lifecycle: LifecycleCounts = { initialize: 0, shutdown: 0 };
  this.values.set('lifecycle', lifecycle);
  await openEp(this, [countingPlugin(lifecycle)]);
});

When('the embedder lists tools, reads the context budget and lists sessions {int} times', async function (this: EpWorld, times: number) {
  const ep = epOf(this);
  for (let i = 0; i < times; i += 1) await Promise.all([ep.tools.list(), ep.context.budget(), ep.sessions.list()]);
});

When('the embedder shuts the library API down', async function (this: EpWorld) {
  await epOf(this).shutdown();
});

Then(
  'the counting plugin was initialized {int} time(s) and shut down {int} time(s)',
  function (this: EpWorld, initialized: number, shutDown: number) {
    assert.deepEqual(counts(this), { initialize: initialized, shutdown: shutDown });
  },
);

When('the embedder makes {string} the active context', async function (this: EpWorld, packagePath: string) {
  await epOf(this).contexts.use(packagePath);
});

When('the embedder upserts {}', async function (this: EpWorld, json: string) {
  await epOf(this).contexts.upsert({ record: JSON.parse(json), message: 'From the library API' });
});

When('the embedder asks for the current context', async function (this: EpWorld) {
  await attempt(this, () => epOf(this).contexts.current());
});

When('the embedder lists the tools', async function (this: EpWorld) {
  await attempt(this, () => epOf(this).tools.list());
});

Then('the library call failed with code {string}', function (this: EpWorld, code: string) {
  const error = this.values.get('libraryError');
  assert.ok(isEpError(error), `expected an EpError, got ${String(error)}`);
  assert.equal(error.code, code);
});

Then('a library search for {string} ranks {string} first', async function (this: EpWorld, query: string, key: string) {
  const { data } = await epOf(this).contexts.search({ query });
  assert.equal(data.matches[0]?.scenario.key, key, JSON.stringify(data.matches));
});

When('the embedder runs a step in a new session', async function (this: EpWorld) {
  const run = await epOf(this).sessions.run(() => step({ step: 'first' }));
  this.values.set('libraryRuns', [run]);
});

When('the embedder runs a step in the same session', async function (this: EpWorld) {
  const [first] = this.values.get('libraryRuns') as { sessionId: string }[];
  const run = await epOf(this).sessions.run(() => step({ step: 'second' }), { sessionId: first!.sessionId });
  this.values.set('libraryRuns', [first, run]);
});

Then('both runs used one session, which the second continued', function (this: EpWorld) {
  const [first, second] = this.values.get('libraryRuns') as { sessionId: string; created: boolean }[];
  assert.equal(second!.sessionId, first!.sessionId);
  assert.deepEqual([first!.created, second!.created], [true, false]);
});

Then('ep session show reports {int} turns for that session', async function (this: EpWorld, turns: number) {
  const [first] = this.values.get('libraryRuns') as { sessionId: string }[];
  const run = await this.ep(['session', 'show', first!.sessionId]);
  assert.equal(run.envelope?.data?.meta?.turns, turns, run.stdout);
});

Given('the agent loop example ran with the task {string}', async function (this: EpWorld, task: string) {
  await runAgentLoop(this, task);
});

When('I run the agent loop example with the task {string}', async function (this: EpWorld, task: string) {
  await runAgentLoop(this, task);
});

When('I run the agent loop example again in its session with the task {string}', async function (this: EpWorld, task: string) {
  await runAgentLoop(this, task, loopRuns(this)[0]!.sessionId);
});

Then('the agent loop started a new session', function (this: EpWorld) {
  assert.deepEqual([lastLoop(this).created, lastLoop(this).turns], [true, 1]);
});

Then("the agent loop continued the first run's session at turn {int}", function (this: EpWorld, turn: number) {
  const [first, last] = [loopRuns(this)[0]!, lastLoop(this)];
  assert.deepEqual([last.sessionId, last.created, last.turns], [first.sessionId, false, turn]);
});

Then("the agent loop's prompt contained {string}", function (this: EpWorld, text: string) {
  const prompt = lastLoop(this).prompts.at(-1)?.prompt ?? '';
  assert.ok(prompt.includes(text), `prompt was:\n${prompt}`);
});

Then("the agent loop's prompt shows the task {string} in its history", function (this: EpWorld, task: string) {
  const prompt = lastLoop(this).prompts.at(-1)?.prompt ?? '';
  const history = prompt.slice(prompt.indexOf('## History'), prompt.indexOf('## Request'));
  assert.ok(history.includes(`- plan ${JSON.stringify({ task })}`), `prompt was:\n${prompt}`);
});
