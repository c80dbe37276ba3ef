import { AfterAll, Given, Then, When } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import { execa } from 'execa';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { connectMcp } from '../support/mcp-session.js';
import {
  AGENT_MODULE,
  GREETING_MODULES,
  linkProjectModules,
  PLUGIN_ID,
  pluginPackageFixture,
  removePluginPackageFixture,
} from '../support/plugin-package.js';
import { writeTrustedConfig } from '../support/trust-driver.js';
import { splitCommandLine } from '../support/command-line.js';
import type { EpWorld } from '../support/world.js';
import { writeFile, mkdir } from 'node:fs/promises';

const installed = () => pluginPackageFixture();
const pluginFile = async (relative: string) => path.join((await installed()).pluginDir, relative);

AfterAll(async () => removePluginPackageFixture());

Given(
  'ep-runtime packed with npm pack, and a plugin scaffolded by {string} installed with its own copy of it',
  { timeout: 300_000 },
  async function (this: EpWorld, _commandLine: string) {
    const fixture = await installed();
    const own = await realpath(path.join(fixture.pluginDir, 'node_modules', 'ep-runtime'));
    const projects = await realpath(path.join(fixture.projectModules, 'ep-runtime'));
    assert.notEqual(own, projects, 'the plugin and the project share one copy of ep-runtime');
  },
);

Given('a project that installs the packed runtime and the plugin package', async function (this: EpWorld) {
  await linkProjectModules(this.dir, await installed());
});

Given("the project's ep config loads the plugin package", async function (this: EpWorld) {
  await writeTrustedConfig(this, { plugins: [{ module: (await installed()).packageName }] });
});

Given("the project's ep config loads the plugin package with options {}", async function (this: EpWorld, json: string) {
  await writeTrustedConfig(this, { plugins: [{ module: (await installed()).packageName }], options: { [PLUGIN_ID]: JSON.parse(json) } });
});

Given('the plugin package ships its own multi token with two providers and a tool that reads them', async function (this: EpWorld) {
  for (const [file, source] of Object.entries(GREETING_MODULES)) {
    await mkdir(path.dirname(await pluginFile(file)), { recursive: true });
    await writeFile(await pluginFile(file), source);
  }
});

Given('the plugin package ships an agent module importing its own copy of ep-runtime', async function (this: EpWorld) {
  await writeFile(await pluginFile('agents.js'), AGENT_MODULE);
});

When("the plugin package's own tests run", { timeout: 120_000 }, async function (this: EpWorld) {
  const result = await execa('npm', ['test'], { cwd: (await installed()).pluginDir, reject: false, env: { NODE_TEST_CONTEXT: undefined } });
  this.values.set('pluginTest', result);
});

Then('they pass, conformance checks included', function (this: EpWorld) {
  const result = this.values.get('pluginTest') as { exitCode: number; stdout: string; stderr: string };
  assert.equal(result.exitCode, 0, result.stdout + result.stderr);
  assert.match(result.stdout, /Tool conformance/);
  assert.match(result.stdout, /# fail 0/);
});

When("I run the project's {string}", async function (this: EpWorld, commandLine: string) {
  const fixture = await installed();
  const args = splitCommandLine(commandLine.replaceAll('<plugin>', fixture.pluginDir));
  await this.ep(args, { bin: fixture.projectBin });
});

When("an MCP client connects to the project's ep mcp", async function (this: EpWorld) {
  this.values.set('mcpClient', await connectMcp(this.dir, this.home, [], (await installed()).projectBin));
});

Then('the envelope data {string} lists {string}', function (this: EpWorld, field: string, expected: string) {
  assert.deepEqual(this.lastEnvelope.data[field], JSON.parse(expected));
});

Then(
  'the session of the last run holds one completed {string} call, with a model call inside',
  async function (this: EpWorld, name: string) {
    const sessionId = this.lastEnvelope.data.sessionId as string;
    await this.ep(['session', 'show', sessionId], { bin: (await installed()).projectBin });
    type Node = { id: string; kind: string; name: string; status: string; caller: string | null; instructions?: string };
    const nodes = this.lastEnvelope.data.nodes as Node[];
    const calls = nodes.filter((node) => node.kind === 'call' && node.name === name);
    assert.equal(calls.length, 1, `the agent function is recorded once, as the root call: ${JSON.stringify(nodes)}`);
    const call = calls[0]!;
    assert.equal(call.status, 'completed');
    assert.ok(call.instructions, "the agent function's instructions are recorded");
    assert.ok(
      nodes.some((node) => node.kind === 'model' && node.caller === call.id),
      JSON.stringify(nodes),
    );
  },
);
