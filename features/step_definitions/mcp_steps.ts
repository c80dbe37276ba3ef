import { After, Given, Then, When } from '@cucumber/cucumber';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { connectMcp, WRITING_TOOL_PLUGIN } from '../support/mcp-session.js';
import { REPO_ROOT, type EpWorld } from '../support/world.js';
import { splitCommandLine } from '../support/command-line.js';
import { writeTrustedConfig } from '../support/trust-driver.js';
import { burstOf, readBurst, stopBurst, unansweredOnce, writeBurst } from '../support/mcp-burst.js';
import { TRUNCATION_MARKER_PATTERN } from '../../src/sessions/recorded-value.js';

const client = (world: EpWorld) => world.values.get('mcpClient') as Client;
const sessionCall = (world: EpWorld, name: string) =>
  (world.lastEnvelope.data.nodes as { name: string; input: unknown }[]).find((node) => node.name === name)!;
const result = (world: EpWorld) =>
  world.values.get('mcpResult') as { isError?: boolean; content: { text: string }[]; structuredContent?: any };

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
  assert.equal(
    tools.some((t) => t.name === name),
    false,
  );
});

Then('the MCP tool {string} is annotated read-only, idempotent and closed-world', async function (this: EpWorld, name: string) {
  const { tools } = await client(this).listTools();
  assert.deepEqual(tools.find((t) => t.name === name)?.annotations, {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  });
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
  assert.ok(
    nodes.some((node) => node.name === name && node.status === 'completed'),
    JSON.stringify(nodes.map((n) => [n.name, n.status])),
  );
});

When('the client sends {string} a text of {int} words', async function (this: EpWorld, name: string, words: number) {
  this.values.set('mcpResult', await client(this).callTool({ name, arguments: { text: 'w '.repeat(words) } }));
});

Then(
  'the session call {string} recorded its input {string} cut short, with the marker naming {int} bytes',
  function (this: EpWorld, name: string, field: string, bytes: number) {
    const input = sessionCall(this, name).input as Record<string, unknown>;
    assert.equal(TRUNCATION_MARKER_PATTERN.exec(String(input[field]))?.[1], String(bytes), String(input[field]).slice(-60));
  },
);

Then('the session call {string} takes at most {int} KiB', function (this: EpWorld, name: string, kib: number) {
  const bytes = Buffer.byteLength(JSON.stringify(sessionCall(this, name)));
  assert.ok(bytes <= kib * 1024, `${bytes} bytes`);
});

When(
  'a client that does not read writes {int} {string} requests to {string}',
  async function (this: EpWorld, count: number, method: string, commandLine: string) {
    await writeBurst(this, splitCommandLine(commandLine).slice(2), method, count);
  },
);

When('that client starts reading', async function (this: EpWorld) {
  await readBurst(this);
});

Then('every one of those requests is answered once', function (this: EpWorld) {
  const missing = unansweredOnce(burstOf(this));
  assert.deepEqual(missing.slice(0, 5), [], `${missing.length} of ${burstOf(this).ids.length} not answered exactly once`);
});

Then('ep mcp stayed under {int} MiB of resident memory', function (this: EpWorld, mib: number) {
  assert.ok(burstOf(this).peakMiB! < mib, `peak ${burstOf(this).peakMiB} MiB`);
});

Then('a new {string} request is answered with {string} listed', async function (this: EpWorld, method: string, tool: string) {
  const reply = (await burstOf(this).client.request(method, {}, 30_000)) as { result?: { tools?: { name: string }[] } } | undefined;
  assert.ok(
    reply?.result?.tools?.some((listed) => listed.name === tool),
    JSON.stringify(reply)?.slice(0, 300),
  );
});

After(async function (this: EpWorld) {
  await stopBurst(this);
});
