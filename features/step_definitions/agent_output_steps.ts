import { Given, Then, When } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import { lastCommandSession, runInSubprocess, stderrLine, writePrintingAgent } from '../support/printing-agent.js';
import type { EpWorld } from '../support/world.js';

Given('an agent module {string} that prints on stdout', async function (this: EpWorld, file: string) {
  await writePrintingAgent(this, file);
});

When('I run {string} with input {string} through runAgentInSubprocess', async function (this: EpWorld, target: string, input: string) {
  await runInSubprocess(this, target, JSON.parse(input));
});

When('I show the session of the last command as a tree', async function (this: EpWorld) {
  await this.ep(['session', 'show', (await lastCommandSession(this)).sessionId, '--tree']);
});

Then('stderr mentions {string} after {string}', function (this: EpWorld, later: string, earlier: string) {
  assert.ok(stderrLine(this, earlier) >= 0 && stderrLine(this, later) > stderrLine(this, earlier), `stderr was:\n${this.last!.stderr}`);
});

Then(
  "the node {string} of the last command's session has the instructions {string}",
  async function (this: EpWorld, name: string, text: string) {
    const { nodes } = await lastCommandSession(this);
    assert.equal(nodes.find((node) => node.name === name && node.kind === 'call')?.instructions, text);
  },
);

Then('the model call made by {string} was prompted with those instructions', async function (this: EpWorld, name: string) {
  const { nodes } = await lastCommandSession(this);
  const call = nodes.find((node) => node.name === name && node.kind === 'call')!;
  const model = nodes.find((node) => node.kind === 'model' && node.caller === call.id);
  assert.ok(
    (model?.input as { prompt?: string } | undefined)?.prompt?.includes(`## Instructions\n${call.instructions}\n`),
    JSON.stringify(model),
  );
});
