import { Given, Then, When } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import { splitCommandLine } from '../support/command-line.js';
import { connectMcpWithRoots, linkFile, raceCommands, writePointer } from '../support/untrusted-paths.js';
import type { EpWorld } from '../support/world.js';

Given('the pointer lists {string} and {string}', async function (this: EpWorld, first: string, second: string) {
  await writePointer(this, [first, second]);
});

Given('the pointer lists {string} {int} times', async function (this: EpWorld, packagePath: string, times: number) {
  await writePointer(this, Array(times).fill(packagePath));
});

Given('the pointer lists {int} different packages', async function (this: EpWorld, count: number) {
  await writePointer(
    this,
    Array.from({ length: count }, (_, i) => `package-${i}.ep`),
  );
});

Given('{string} is a link to {string}', async function (this: EpWorld, name: string, target: string) {
  await linkFile(this, name, target);
});

Then('no output shows {string}', function (this: EpWorld, text: string) {
  assert.ok(!this.last!.stdout.includes(text) && !this.last!.stderr.includes(text), this.last!.stdout);
});

When('{string} and {string} run at once, {int} times over', async function (this: EpWorld, first: string, second: string, times: number) {
  this.values.set('raceResults', await raceCommands(this, splitCommandLine(first).slice(1), splitCommandLine(second).slice(1), times));
});

Then('the pointer never names {string} afterwards', function (this: EpWorld, cleared: string) {
  const results = this.values.get('raceResults') as (string[] | undefined)[];
  assert.ok(
    results.every((paths) => !paths?.includes(cleared)),
    JSON.stringify(results),
  );
});

When(
  'an MCP client declaring the root {string} connects to {string} in {string}',
  async function (this: EpWorld, root: string, commandLine: string, cwd: string) {
    this.values.set('mcpClient', await connectMcpWithRoots(this, cwd, [root], splitCommandLine(commandLine).slice(2)));
  },
);
