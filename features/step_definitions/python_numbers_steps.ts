import { After, Given, Then, When } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import { splitCommandLine } from '../support/command-line.js';
import { RawMcpClient } from '../support/mcp-raw-client.js';
import {
  pythonDumps,
  pythonDumpsNonFiniteAsNull,
  pythonPackageRecordFile,
  pythonReads,
  pythonRecordsFile,
  pythonRecordText,
} from '../support/python-json.js';
import { damageReadCache, readCacheHolds, runWithRecord, type Damage } from '../support/python-numbers.js';
import type { EpWorld } from '../support/world.js';

const record = (world: EpWorld) => world.values.get('record') as string;
const mcp = (world: EpWorld) => world.values.get('rawMcp') as RawMcpClient;

Given(
  'Python writes the record {string} with 1.0, -0.0, 1e300, NaN, Infinity, 2^53+1 and 10^30',
  async function (this: EpWorld, key: string) {
    this.values.set('record', await pythonRecordText(key));
  },
);

Given('Python writes the record as a JSON {word} file {string}', async function (this: EpWorld, format: 'array' | 'lines', file: string) {
  await this.writeFile(file, await pythonRecordsFile([record(this)], format));
});

Given('{string} was created from the record', async function (this: EpWorld, file: string) {
  await this.writeFile('records.json', await pythonRecordsFile([record(this)], 'lines'));
  assert.equal((await this.ep(['scenarios', 'create', '--from-json', 'records.json', '--output', file])).exitCode, 0, this.last!.stdout);
});

When('I run {string} with the record {}', async function (this: EpWorld, commandLine: string, form: string) {
  await runWithRecord(this, splitCommandLine(commandLine), record(this), form);
});

Then('the command succeeds, as Python reads its envelope', async function (this: EpWorld) {
  assert.equal(await pythonReads(this.last!.stdout, 'status'), '"ok"\n', this.last!.stdout);
  assert.equal(this.last!.exitCode, 0);
});

Then(
  "the record file of {string} in {string} is Python's json.dumps of the record",
  async function (this: EpWorld, key: string, file: string) {
    assert.equal(await pythonPackageRecordFile(this.resolve(file), key), await pythonDumps(record(this)));
  },
);

Then('Python reads the envelope data {string} as the record', async function (this: EpWorld, field: string) {
  assert.equal(await pythonReads(this.last!.stdout, `data.${field}`), await pythonDumps(record(this)), this.last!.stdout);
});

Then('the read cache holds {string}', async function (this: EpWorld, file: string) {
  assert.ok(await readCacheHolds(this, file), `no read cache entry for ${file}`);
});

When(/^the read cache of "([^"]+)" is (cut short|scrambled|emptied)$/, async function (this: EpWorld, file: string, damage: Damage) {
  await damageReadCache(this, file, damage);
});

Given('an MCP client speaking raw JSON lines to {string}', async function (this: EpWorld, commandLine: string) {
  this.values.set('rawMcp', await RawMcpClient.connect(this.dir, this.home, splitCommandLine(commandLine).slice(2)));
});

When('the raw client calls {string} with the record for {string}', async function (this: EpWorld, tool: string, file: string) {
  this.values.set('mcpAnswer', await mcp(this).callTool(tool, `{"record": ${record(this)}, "path": ${JSON.stringify(file)}}`));
});

When('the raw client calls {string} for {string} in {string}', async function (this: EpWorld, tool: string, key: string, file: string) {
  this.values.set('mcpAnswer', await mcp(this).callTool(tool, JSON.stringify({ key, paths: [file] })));
});

Then("Python reads the MCP result text's {string} as the record", async function (this: EpWorld, field: string) {
  const text = await pythonReads(this.values.get('mcpAnswer') as string, 'result.content.0.text');
  assert.equal(await pythonReads(JSON.parse(text) as string, field), await pythonDumps(record(this)));
});

Then(
  'the MCP answer is strict JSON whose structured {string} is the record with NaN and Infinity as null',
  async function (this: EpWorld, field: string) {
    const answer = this.values.get('mcpAnswer') as string;
    assert.doesNotThrow(() => JSON.parse(answer), 'a JavaScript client parses the answer');
    assert.equal(await pythonReads(answer, `result.structuredContent.${field}`), await pythonDumpsNonFiniteAsNull(record(this)));
  },
);

After(async function (this: EpWorld) {
  await (this.values.get('rawMcp') as RawMcpClient | undefined)?.close();
});
