import { Given, Then, When } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import { SkillDefinition } from '../../src/skills/skill-definition.js';
import { ToolRegistryService } from '../../src/skills/tool-registry.js';
import type { Tool } from '../../src/skills/tool.js';
import { addRecordsFile, exactTokenCount, fragmentOf, setBudget, type FragmentView } from '../support/crp-project.js';
import type { EpWorld } from '../support/world.js';

Given('the context records in {string} feed the {word} tier:', async function (this: EpWorld, file: string, tier: string, lines: string) {
  await addRecordsFile(this, file, tier, lines);
});
Given(
  'the context records in {string} feed the {word} tier up to depth {int}:',
  async function (this: EpWorld, file: string, tier: string, depth: number, lines: string) {
    await addRecordsFile(this, file, tier, lines, depth);
  },
);
Given('the context budget is {int} tokens with {int} reserved', async function (this: EpWorld, max: number, reserved: number) {
  await setBudget(this, max, reserved);
});
When('I run the same command again', async function (this: EpWorld) {
  this.values.set('previousEnvelope', this.lastEnvelope);
  await this.ep(this.last!.args);
});

Then('the assembled nodes are {string}', function (this: EpWorld, nodes: string) {
  const actual = (this.lastEnvelope.data.fragments as FragmentView[]).map((f) => f.uko_node).sort();
  assert.deepEqual(
    actual,
    nodes
      .split(',')
      .map((node) => node.trim())
      .filter(Boolean)
      .sort(),
  );
});
Then('the fragment {string} has detail depth {int}', function (this: EpWorld, node: string, depth: number) {
  assert.equal(fragmentOf(this, node).detail_depth, depth);
});
Then('the fragment {string} was selected by {string}', function (this: EpWorld, node: string, strategy: string) {
  assert.equal(fragmentOf(this, node).provenance.strategy, strategy);
});
Then('the fragment {string} comes from the {word} tier', function (this: EpWorld, node: string, tier: string) {
  assert.match(fragmentOf(this, node).provenance.location, new RegExp(`^${tier}:`));
});
Then('the assembled context uses at most {int} tokens', function (this: EpWorld, budget: number) {
  const { fragments, total_tokens: total } = this.lastEnvelope.data as { fragments: FragmentView[]; total_tokens: number };
  assert.ok(fragments.length > 0, 'no fragments were packed');
  assert.ok(total <= budget, `${total} tokens exceed ${budget}`);
  assert.equal(
    fragments.reduce((sum, f) => sum + f.token_count, 0),
    total,
  );
});
Then("every fragment's token count is its exact cl100k_base count", function (this: EpWorld) {
  for (const f of this.lastEnvelope.data.fragments as FragmentView[]) assert.equal(f.token_count, exactTokenCount(f.content), f.uko_node);
});
Then('the context hash is unchanged', function (this: EpWorld) {
  const previous = (this.values.get('previousEnvelope') as any).data;
  assert.match(previous.context_hash, /^[0-9a-f]{64}$/);
  assert.equal(this.lastEnvelope.data.context_hash, previous.context_hash);
  assert.deepEqual(this.lastEnvelope.data.fragments, previous.fragments);
});
Then('the tool {string} is listed as read-only', function (this: EpWorld, name: string) {
  const tool = (this.lastEnvelope.data.tools as { name: string; capabilities: string[] }[]).find((t) => t.name === name);
  assert.ok(tool, `${name} is not listed`);
  assert.ok(tool.capabilities.includes('read_only'));
});

// ---- read-only enforcement, on the library's registry
const writeNote: Tool = {
  name: 'test/write-note',
  description: 'Writes a note.',
  capabilities: ['writes'],
  inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  call: () => ({ written: true }),
};
const readNote: Tool = {
  ...writeNote,
  name: 'test/read-note',
  description: 'Reads a note.',
  capabilities: ['read_only'],
  call: () => ({ text: 'note' }),
};

Given('a tool registry with a read-only tool and a writing tool', function (this: EpWorld) {
  this.values.set('registry', ToolRegistryService.of([writeNote, readNote]));
});
When('I build a read-only skill with the tools {string}', function (this: EpWorld, tools: string) {
  try {
    this.values.set(
      'skill',
      SkillDefinition.build(
        { name: 'test/notes', description: 'Notes.', readOnly: true, tools: tools.split(',').map((t) => t.trim()) },
        this.values.get('registry') as ToolRegistryService,
      ),
    );
  } catch (error) {
    this.values.set('error', error);
  }
});
When('a read-only caller calls {string}', async function (this: EpWorld, name: string) {
  await (this.values.get('registry') as ToolRegistryService).call(name, {}, { readOnly: true }).then(
    (result) => this.values.set('result', result),
    (error) => this.values.set('error', error),
  );
});
Then('it is refused with code {string}', function (this: EpWorld, code: string) {
  const error = this.values.get('error') as { code: string; message: string } | undefined;
  assert.ok(error, 'nothing was refused');
  assert.equal(error.code, code, error.message);
  assert.match(error.message, /test\/write-note/);
});
Then('the skill offers {int} tool(s)', function (this: EpWorld, count: number) {
  assert.equal((this.values.get('skill') as SkillDefinition).tools.length, count);
});
