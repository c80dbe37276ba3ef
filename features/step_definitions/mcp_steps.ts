import { After, Given, Then, When } from '@cucumber/cucumber';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { connectMcp, WRITING_TOOL_PLUGIN } from '../support/mcp-session.js';
import { REPO_ROOT, type EpWorld } from '../support/world.js';
import { splitCommandLine } from '../support/command-line.js';
import { writeTrustedConfig } from '../support/trust-driver.js';

const client = (world: EpWorld) => world.values.get('mcpClient') as Client;
const result = (world: EpWorld) => world.values.get('mcpResult') as { isError?: boolean; content: { text: string }[]; structuredContent?: any };

Given('a project whose ep config loads the example word-count plugin and a writing tool', async function (this: EpWorld) {
  await this.writeFile('plugins/notes.mjs', WRITING_TOOL_PLUGIN);
  await writeTrustedConfig(this, { plugins: [path.join(REPO_ROOT, 'examples/plugin-word-count'), './plugins/notes.mjs'] });
});

When('an MCP client connects to {string}', async function (this: EpWorld, commandLine: string) {
  this.values.set('mcpClient', await connectMcp(this.dir, this.home, splitCommandLine(commandLine).slice(2)));
});

When('the client calls {string} with {}', async function (this: EpWorld, name: string, json: string) {
  this.values.set('mcpResult', await client(this).callTool({ name, arguments: JSON.parse(json) }));
});

Then('the MCP tool list holds {string} requiring {string}', async function (this: EpWorld, name: string, field: string) {
  const { tools } = await client(this).listTools();
  const tool = tools.find((t) => t.name === name);
  assert.ok(tool, `${name} is listed`);
  assert.deepEqual(tool.inputSchema.required, [field]);
});

Then('the MCP tool list does not hold {string}', async function (this: EpWorld, name: string) {
  const { tools } = await client(this).listTools();
  assert.equal(tools.some((t) => t.name === name), false);
});

Then('the MCP tool {string} is annotated read-only, idempotent and closed-world', async function (this: EpWorld, name: string) {
  const { tools } = await client(this).listTools();
  assert.deepEqual(tools.find((t) => t.name === name)?.annotations,
    { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
});

Then('the MCP tool {string} is annotated as writing', async function (this: EpWorld, name: string) {
  const { tools } = await client(this).listTools();
  assert.equal(tools.find((t) => t.name === name)?.annotations?.readOnlyHint, false);
});

Then('the MCP result is not an error', function (this: EpWorld) {
  assert.notEqual(result(this).isError, true, result(this).content[0]?.text);
});

Then('the MCP result {string} is {int}', function (this: EpWorld, field: string, value: number) {
  assert.equal(result(this).structuredContent?.[field], value);
});

Then('the MCP result is an error with code {string} mentioning {string}', function (this: EpWorld, code: string, text: string) {
  assert.equal(result(this).isError, true);
  const error = JSON.parse(result(this).content[0]!.text);
  assert.equal(error.code, code);
  assert.ok(error.message.includes(text), error.message);
});

After(async function (this: EpWorld) {
  await client(this)?.close();
});

Given('the ep config enables MCP writes', async function (this: EpWorld) {
  const config = JSON.parse(await readFile(this.resolve('.edsl/ep.json'), 'utf8'));
  await writeTrustedConfig(this, { ...config, mcp: { allowWrites: true } });
});

When('the client disconnects', async function (this: EpWorld) {
  await client(this).close();
  this.values.delete('mcpClient');
});

Then('the session holds a completed call named {string}', function (this: EpWorld, name: string) {
  const nodes = this.lastEnvelope.data.nodes as { name: string; status: string; kind: string }[];
  assert.ok(nodes.some((node) => node.name === name && node.status === 'completed'), JSON.stringify(nodes.map((n) => [n.name, n.status])));
});
