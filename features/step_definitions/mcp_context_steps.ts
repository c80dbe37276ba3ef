import { Then } from '@cucumber/cucumber';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import assert from 'node:assert/strict';
import { loadRecords } from '../support/context-cli-fixtures.js';
import { readPath } from '../support/json-path.js';
import type { EpWorld } from '../support/world.js';

const client = (world: EpWorld) => world.values.get('mcpClient') as Client;

Then(
  'the MCP tools are each annotated read-only, idempotent and closed-world:',
  async function (this: EpWorld, table: { raw(): string[][] }) {
    const { tools } = await client(this).listTools();
    for (const [name] of table.raw()) {
      assert.deepEqual(
        tools.find((tool) => tool.name === name)?.annotations,
        { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
        name,
      );
    }
  },
);

Then('the MCP result {string} is not empty', function (this: EpWorld, field: string) {
  const value = readPath((this.values.get('mcpResult') as { structuredContent?: unknown }).structuredContent, field);
  assert.ok(
    value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0),
    `${field} is ${JSON.stringify(value)}`,
  );
});

Then('the call to {string} is recorded in session {string}', async function (this: EpWorld, name: string, sessionId: string) {
  await client(this).close();
  this.values.delete('mcpClient');
  const run = await this.ep(['session', 'show', sessionId]);
  const nodes = (run.envelope?.data?.nodes ?? []) as { name: string; status: string }[];
  assert.ok(
    nodes.some((node) => node.name === name && node.status === 'completed'),
    run.stdout,
  );
});

Then('{string} has no record {string}', async function (this: EpWorld, file: string, key: string) {
  assert.equal(
    (await loadRecords(this, file)).some((record) => record.key === key),
    false,
  );
});
