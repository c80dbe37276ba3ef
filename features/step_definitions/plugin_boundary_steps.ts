import { Given, Then } from '@cucumber/cucumber';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import assert from 'node:assert/strict';
import { setTimeout } from 'node:timers/promises';
import { boundaryPluginSource, type BoundaryPlugin, type Thrown } from '../support/boundary-plugins.js';
import { serverStderr } from '../support/mcp-session.js';
import type { EpWorld } from '../support/world.js';

const write = (world: EpWorld, file: string, plugin: BoundaryPlugin) => world.writeFile(file, boundaryPluginSource(plugin));
const epError = (code: string, exitCode: number, suggestion: string): Thrown => ({
  code,
  exitCode,
  suggestion,
  message: `Refused with ${code}.`,
});

Given(
  'a plugin module {string} for plugin {string} contributing the tools {string}',
  async function (this: EpWorld, file: string, id: string, names: string) {
    await write(this, file, { id, tools: names.split(', ').map((name) => ({ name })) });
  },
);

Given(
  'a plugin module {string} for plugin {string} whose tool {string} reads a service whose factory throws {string}',
  async function (this: EpWorld, file: string, id: string, tool: string, message: string) {
    await write(this, file, { id, tools: [{ name: tool, readsService: true }], serviceThrows: { message } });
  },
);

Given(
  'a plugin module {string} for plugin {string} whose tool {string} throws {string}',
  async function (this: EpWorld, file: string, id: string, tool: string, message: string) {
    await write(this, file, { id, tools: [{ name: tool, throws: { message } }] });
  },
);

Given(
  'a plugin module {string} for plugin {string} whose tool {string} throws the EpError {string} ' +
    'with exit code {int} and the suggestion {string}',
  async function (this: EpWorld, file: string, id: string, tool: string, code: string, exitCode: number, suggestion: string) {
    await write(this, file, { id, tools: [{ name: tool, throws: epError(code, exitCode, suggestion) }] });
  },
);

Given(
  'a plugin module {string} for plugin {string} whose initialize throws the EpError {string} ' +
    'with exit code {int} and the suggestion {string}',
  async function (this: EpWorld, file: string, id: string, code: string, exitCode: number, suggestion: string) {
    await write(this, file, { id, initializeThrows: epError(code, exitCode, suggestion) });
  },
);

Then('the MCP tool list holds {string}', async function (this: EpWorld, name: string) {
  const { tools } = await (this.values.get('mcpClient') as Client).listTools();
  assert.ok(
    tools.some((tool) => tool.name === name),
    tools.map((tool) => tool.name).join(', '),
  );
});

Then("the MCP server's stderr mentions {string}", async function (this: EpWorld, text: string) {
  const client = this.values.get('mcpClient') as Client;
  // stderr is its own pipe: what the server wrote before its last reply may arrive just after it.
  for (let waited = 0; !serverStderr(client).includes(text) && waited < 5000; waited += 50) await setTimeout(50);
  assert.ok(serverStderr(client).includes(text), `stderr was:\n${serverStderr(client)}`);
});

Then('the MCP result details {string} is {string}', function (this: EpWorld, field: string, expected: string) {
  const result = this.values.get('mcpResult') as { content: { text: string }[] };
  assert.equal(String(JSON.parse(result.content[0]!.text).details?.[field]), expected);
});
