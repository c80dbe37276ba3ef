import { After, defineParameterType, Given, Then, When } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import {
  ENTRY_POINTS,
  lastPrompt,
  lastRun,
  nodeNamed,
  runExample,
  runsOf,
  sessionHistory,
  sessionNodes,
  type EntryPoint,
} from '../support/session-driver.js';
import type { EpWorld } from '../support/world.js';
import { startChatServer } from '../support/session-model-server.js';

defineParameterType({ name: 'entryPoint', regexp: ENTRY_POINTS, transformer: (text) => text as EntryPoint });

When(
  'I run the example agent {string} with input {string} from {entryPoint}',
  async function (this: EpWorld, method: string, input: string, entry: EntryPoint) {
    await runExample(this, entry, { method, input: JSON.parse(input) });
  },
);

When(
  'I run the example agent {string} with input {string} and answers {string} from {entryPoint}',
  async function (this: EpWorld, method: string, input: string, answers: string, entry: EntryPoint) {
    await runExample(this, entry, { method, input: JSON.parse(input), answers: JSON.parse(answers) });
  },
);

When(
  'I continue that session with the example agent {string} and input {string} from {entryPoint}',
  async function (this: EpWorld, method: string, input: string, entry: EntryPoint) {
    await runExample(this, entry, { method, input: JSON.parse(input), sessionId: lastRun(this).sessionId! });
  },
);

When(
  'I run the example agent {string} with input {string} in session {string} from {entryPoint}',
  async function (this: EpWorld, method: string, input: string, sessionId: string, entry: EntryPoint) {
    await runExample(this, entry, { method, input: JSON.parse(input), sessionId });
  },
);

When(
  'I run the example agent {string} with input {string} from {entryPoint} and cancel it while it runs',
  async function (this: EpWorld, method: string, input: string, entry: EntryPoint) {
    await runExample(this, entry, { method, input: JSON.parse(input), cancelWhileRunning: true });
  },
);

Then('the run succeeds with a session id', function (this: EpWorld) {
  const run = lastRun(this);
  assert.equal(run.error, undefined, JSON.stringify(run.error));
  assert.match(run.sessionId ?? '', /^session_\d{8}_[0-9a-f]{12}$/);
});

Then('the run fails with code {string}', function (this: EpWorld, code: string) {
  assert.equal(lastRun(this).error?.code, code, JSON.stringify(lastRun(this)));
});

Then('the runs used {int} different sessions', function (this: EpWorld, count: number) {
  assert.equal(new Set(runsOf(this).map((run) => run.sessionId)).size, count);
});

Then('the scripted model received the instructions of {string}', async function (this: EpWorld, name: string) {
  const node = nodeNamed(await sessionNodes(this), name);
  assert.ok(node.instructions, `${name} has instructions`);
  assert.ok(
    lastRun(this).prompts.some((p) => p.prompt.includes(`## Instructions\n${node.instructions}\n`)),
    lastPrompt(this),
  );
});

Then('the last prompt contains:', function (this: EpWorld, text: string) {
  assert.ok(lastPrompt(this).includes(text), `prompt was:\n${lastPrompt(this)}`);
});

Then('the session has a {string} node {string}', async function (this: EpWorld, status: string, name: string) {
  assert.equal(nodeNamed(await sessionNodes(this), name).status, status);
});

Then(
  'the session has {int} {string} nodes called by {string}',
  async function (this: EpWorld, count: number, name: string, caller: string) {
    const nodes = await sessionNodes(this);
    const callerNode = nodeNamed(nodes, caller);
    assert.equal(nodes.filter((n) => n.name === name && n.caller === callerNode.id).length, count);
    assert.equal(nodes.filter((n) => n.name === name).length, count, 'no node is attributed elsewhere');
  },
);

Then('the node {string} is called by {string}', async function (this: EpWorld, name: string, caller: string) {
  const nodes = await sessionNodes(this);
  assert.equal(nodeNamed(nodes, name).caller, nodeNamed(nodes, caller).id);
});

Then('every model call is under the function that made it', async function (this: EpWorld) {
  const nodes = await sessionNodes(this);
  const models = nodes.filter((n) => n.kind === 'model');
  assert.ok(models.length > 0);
  const callers = models.map((m) => nodes.find((n) => n.id === m.caller)?.name);
  assert.deepEqual(
    callers,
    lastRun(this).prompts.map((p) => p.caller),
  );
});

Then('the question {string} is recorded as {string}', async function (this: EpWorld, question: string, status: string) {
  const asked = (await sessionNodes(this)).find((n) => n.kind === 'user' && (n.input as { question: string }).question === question);
  assert.ok(asked, `question ${question} recorded`);
  assert.equal(asked.status, status);
});

Then('the question {string} is answered with {string}', async function (this: EpWorld, question: string, answer: string) {
  const asked = (await sessionNodes(this)).find((n) => n.kind === 'user' && (n.input as { question: string }).question === question);
  assert.equal(asked?.status, 'answered');
  assert.equal(asked?.output, answer);
});

Then('the runs continued one session whose second call follows the first', async function (this: EpWorld) {
  const [first, second] = runsOf(this);
  assert.equal(second!.sessionId, first!.sessionId);
  const top = (await sessionNodes(this)).filter((n) => n.kind === 'call' && n.caller === null);
  assert.equal(top.length, 2);
  assert.equal(top[1]!.predecessor, top[0]!.id);
  assert.notEqual(top[1]!.turn, top[0]!.turn);
});

Then('every entry point sent the model the same prompts', function (this: EpWorld) {
  const runs = runsOf(this);
  assert.deepEqual(runs.map((run) => run.entryPoint).sort(), ['a subprocess', 'embedded code', 'the CLI']);
  const [reference, ...others] = runs.map((run) => run.prompts.map((p) => p.prompt));
  assert.ok(reference!.length >= 2, 'the agent asked the model more than once');
  for (const prompts of others) assert.deepEqual(prompts, reference);
  assert.equal(new Set(runs.map((run) => run.sessionId)).size, runs.length, 'each run had its own session');
});

When("I show the last run's session as a tree", async function (this: EpWorld) {
  await this.ep(['session', 'show', lastRun(this).sessionId!, '--tree']);
});

When("I show the demo's session as a tree", async function (this: EpWorld) {
  await this.ep(['session', 'show', this.lastEnvelope.data.session.id, '--tree']);
});

When("I delete the last run's session", async function (this: EpWorld) {
  await this.ep(['session', 'delete', lastRun(this).sessionId!]);
});

Then('the session tree reads:', function (this: EpWorld, expected: string) {
  const tree = (this.lastEnvelope.data.tree as string[]).map((line) => line.replace(/ [cm]_[0-9a-f]{12}$/, ''));
  assert.deepEqual(tree, expected.split('\n'));
});

Then("the session list shows the last run's session", function (this: EpWorld) {
  const ids = this.lastEnvelope.data.sessions.map((s: { id: string }) => s.id);
  assert.ok(ids.includes(lastRun(this).sessionId), `listed: ${ids.join(', ')}`);
});

Given('a chat completions server on loopback that the project uses as its model', async function (this: EpWorld) {
  const chat = await startChatServer();
  this.values.set('chatServer', chat);
  this.values.set('modelEnv', { EP_MODEL_BASE_URL: chat.baseUrl, EP_MODEL: 'local-test', EP_MODEL_API_KEY: 'sk-local' });
  await this.writeJson('.edsl/ep.json', { providers: { 'ep.ModelRuntime': 'builtin/model-openai' } });
});

Then(
  'the chat server received the instructions of {string} from model {string}',
  async function (this: EpWorld, name: string, model: string) {
    const chat = this.values.get('chatServer') as Awaited<ReturnType<typeof startChatServer>>;
    const node = nodeNamed(await sessionNodes(this), name);
    assert.equal(chat.requests.length, 1);
    const [request] = chat.requests;
    assert.equal(request!.url, '/v1/chat/completions');
    assert.equal(request!.authorization, 'Bearer sk-local');
    assert.equal(request!.body.model, model);
    assert.ok(request!.body.messages[0]!.content.includes(`## Instructions\n${node.instructions}`));
    assert.equal(node.output, 'Noted.');
  },
);

After(async function (this: EpWorld) {
  const chat = this.values.get('chatServer') as { server: { close(callback: () => void): void } } | undefined;
  if (chat) await new Promise<void>((resolve) => chat.server.close(() => resolve()));
});

Then("the session's meta counts {int} turns, each a commit", async function (this: EpWorld, turns: number) {
  const { meta, commits } = await sessionHistory(this);
  assert.equal(meta.turns, turns);
  assert.equal(commits.length, turns);
  assert.equal(commits[0], meta.head);
});
