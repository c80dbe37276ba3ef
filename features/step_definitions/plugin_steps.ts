import { Given, Then, When } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { EpWorld } from '../support/world.js';
import { REPO_ROOT } from '../support/world.js';
import { pluginModuleSource, type PluginFixture } from '../support/plugin-fixtures.js';
import { startFromCode, writeTrustedConfig } from '../support/trust-driver.js';

const fixtureFile = (id: string) => `plugins/${id.replace('/', '__')}.mjs`;

async function addPlugin(world: EpWorld, fixture: PluginFixture) {
  const file = await world.writeFile(fixtureFile(fixture.id), pluginModuleSource(fixture));
  const configured = (world.values.get('configPlugins') as string[] | undefined) ?? [];
  configured.push(`./${path.relative(world.dir, file)}`);
  world.values.set('configPlugins', configured);
  await writeTrustedConfig(world, { ...(world.values.get('configExtra') as object), plugins: configured });
}

Given('a project whose ep config loads the example word-count plugin', async function (this: EpWorld) {
  await writeTrustedConfig(this, {
    plugins: [{ module: path.join(REPO_ROOT, 'examples/plugin-word-count'), options: { minLength: 2 } }],
  });
});

Given('a configured plugin {string}', async function (this: EpWorld, id: string) {
  await addPlugin(this, { id });
});

Given('a configured plugin {string} providing {string}', async function (this: EpWorld, id: string, service: string) {
  await addPlugin(this, { id, provides: [service] });
});

Given(
  'a configured plugin {string} providing {string} and requiring {string}',
  async function (this: EpWorld, id: string, service: string, required: string) {
    await addPlugin(this, { id, provides: [service], requires: [required] });
  },
);

Given('a configured plugin {string} requiring {string}', async function (this: EpWorld, id: string, required: string) {
  await addPlugin(this, { id, requires: [required] });
});

Given('a configured plugin {string} with engine range {string}', async function (this: EpWorld, id: string, engine: string) {
  await addPlugin(this, { id, engine });
});

Given('a configured plugin {string} whose initialize throws {string}', async function (this: EpWorld, id: string, message: string) {
  await addPlugin(this, { id, initializeThrows: message });
});

Given('a configured plugin module that exports no plugin', async function (this: EpWorld) {
  await addPlugin(this, { id: 'acme/nothing', exportName: 'none' });
});

Given('a configured plugin module {string} that does not exist', async function (this: EpWorld, module: string) {
  await writeTrustedConfig(this, { plugins: [module] });
});

Given('a plugin module {string} for plugin {string}', async function (this: EpWorld, file: string, id: string) {
  await this.writeFile(file, pluginModuleSource({ id }));
});

Given('the ep config chooses {string} to provide {string}', async function (this: EpWorld, pluginId: string, service: string) {
  const extra = { ...(this.values.get('configExtra') as object), providers: { [service]: pluginId } };
  this.values.set('configExtra', extra);
  await writeTrustedConfig(this, { ...extra, plugins: this.values.get('configPlugins') ?? [] });
});

Then('the plugin list shows {string} from {string}', function (this: EpWorld, id: string, origin: string) {
  const plugin = this.lastEnvelope.data.plugins.find((p: { id: string }) => p.id === id);
  assert.ok(plugin, `${id} is listed`);
  assert.equal(plugin.origin, origin);
  assert.match(plugin.version, /^\d+\.\d+\.\d+/);
});

Then('the plugin list does not show {string}', function (this: EpWorld, id: string) {
  assert.equal(
    this.lastEnvelope.data.plugins.some((p: { id: string }) => p.id === id),
    false,
  );
});

Then('{string} starts before {string} in the plugin list', function (this: EpWorld, first: string, second: string) {
  const ids = this.lastEnvelope.data.plugins.map((p: { id: string }) => p.id);
  assert.ok(ids.indexOf(first) >= 0 && ids.indexOf(first) < ids.indexOf(second), `order was ${ids.join(', ')}`);
});

When('I start a runtime through the library API in the project', async function (this: EpWorld) {
  process.env.EP_LIFECYCLE_LOG = path.join(this.dir, 'lifecycle.log');
  try {
    await startFromCode(this);
  } finally {
    delete process.env.EP_LIFECYCLE_LOG;
  }
});

Then('start-up fails with code {string}', function (this: EpWorld, code: string) {
  const error = this.values.get('startError') as { code?: string } | undefined;
  assert.ok(error, 'start-up should fail');
  assert.equal(error.code, code);
});

Then('the lifecycle log reads {string}', async function (this: EpWorld, expected: string) {
  const log = (await readFile(path.join(this.dir, 'lifecycle.log'), 'utf8')).trim().split('\n').join(', ');
  assert.equal(log, expected);
});

Then('the plugin {string} provides {string}', function (this: EpWorld, id: string, services: string) {
  const plugin = this.lastEnvelope.data.plugins.find((p: { id: string }) => p.id === id);
  assert.deepEqual(plugin?.provides, services.split(', '));
});
