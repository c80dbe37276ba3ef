import { Given, Then, When } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { lastRun } from '../support/session-driver.js';
import {
  markerExists,
  markerPluginSource,
  MODEL_COMMAND_MARKER,
  PLUGIN_MARKER,
  projectConfigRealPath,
  startFromCode,
  writeMarkerPluginProject,
  writeModelCommandProject,
} from '../support/trust-driver.js';
import type { EpWorld } from '../support/world.js';

const MARKERS: Record<string, string> = { plugin: PLUGIN_MARKER, 'model command': MODEL_COMMAND_MARKER };
const entriesOf = (items: { entry: string }[]) => items.map((item) => item.entry).join(', ');

Given('a project whose ep config loads a plugin that leaves a marker when imported', async function (this: EpWorld) {
  await writeMarkerPluginProject(this);
});

Given('a project whose ep config runs a model command that leaves a marker', async function (this: EpWorld) {
  await writeModelCommandProject(this);
});

Given('a project whose ep config only sets data: the elasticlunr search engine, boosts and a token budget', async function (this: EpWorld) {
  await this.writeJson('.edsl/ep.json', {
    providers: { 'ep.SearchEngine': 'builtin/search-elasticlunr' },
    options: { 'builtin/search-elasticlunr': { boosts: { title: 3 } }, 'builtin/context': { maxTokens: 4000, reservedTokens: 500 } },
  });
});

Given('a plugin module {string} that leaves a marker when imported', async function (this: EpWorld, file: string) {
  await this.writeFile(file, markerPluginSource('acme/marker', this.resolve(PLUGIN_MARKER)));
});

Given('I have run {string}', async function (this: EpWorld, commandLine: string) {
  const run = await this.ep(commandLine);
  assert.equal(run.envelope?.status, 'ok', run.stdout + run.stderr);
});

When('the ep config is edited', async function (this: EpWorld) {
  const config = JSON.parse(await readFile(this.resolve('.edsl/ep.json'), 'utf8'));
  await this.writeJson('.edsl/ep.json', { ...config, options: { 'builtin/diagnostics': { verbose: true } } });
});

When('I start a runtime through the library API with my own config loading that plugin', async function (this: EpWorld) {
  await startFromCode(this, { config: { plugins: [{ module: './plugins/marker.mjs' }] } });
});

Then('the error names the entry {string} and the command {string}', function (this: EpWorld, entry: string, command: string) {
  const { message, details } = this.lastEnvelope.error;
  assert.ok(message.includes(entry) && message.includes(command), message);
  assert.ok(
    details.codeEntries.some((item: { entry: string }) => item.entry === entry),
    JSON.stringify(details),
  );
});

Then("the run's error names the entry {string} and the command {string}", function (this: EpWorld, entry: string, command: string) {
  const message = lastRun(this).error?.message ?? '';
  assert.ok(message.includes(entry) && message.includes(command), message);
});

Then(/^the (plugin|model command) has( not)? run$/, function (this: EpWorld, what: string, not: string | undefined) {
  assert.equal(markerExists(this, MARKERS[what]!), !not, `the ${what}'s marker ${not ? 'exists' : 'is missing'}`);
});

Then('the trusted code entries are {string}', function (this: EpWorld, entries: string) {
  assert.equal(entriesOf(this.lastEnvelope.data.codeEntries), entries);
});

Then(
  "the trust list shows the project's config as {string} with the entries {string}",
  function (this: EpWorld, state: string, entries: string) {
    const config = this.lastEnvelope.data.configs.find((item: { configPath: string }) => item.configPath === projectConfigRealPath(this));
    assert.ok(config, JSON.stringify(this.lastEnvelope.data));
    assert.deepEqual([config.state, entriesOf(config.codeEntries)], [state, entries]);
  },
);

Then('the started runtime has the plugin {string}', function (this: EpWorld, id: string) {
  assert.equal(this.values.get('startError'), undefined, String(this.values.get('startError')));
  assert.ok((this.values.get('startedPlugins') as string[]).includes(id));
});
