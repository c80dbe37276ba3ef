import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { EpError } from '../../../src/kernel/errors.js';
import { readProjectConfig } from '../../../src/runtime/loading/project-config.js';
import { selectPlugins } from '../../../src/runtime/select-plugins.js';

// A plugin as a package would ship it, in plain JavaScript, declaring its id and options schema on the factory.
const PLUGIN = `
const seen = [];
export default Object.assign((options) => {
  seen.push(options);
  return { id: 'acme/greeter', version: '1.0.0', engine: '*', description: JSON.stringify(options), register() {} };
}, { declaration: { id: 'acme/greeter', optionsSchema: {
  type: 'object', additionalProperties: false,
  properties: { greeting: { type: 'string' }, times: { type: 'integer', minimum: 1 } },
} } });
export { seen };
`;

async function select(config: unknown): Promise<Awaited<ReturnType<typeof selectPlugins>>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ep-options-'));
  try {
    await mkdir(path.join(dir, '.edsl'));
    await writeFile(path.join(dir, 'greeter.mjs'), PLUGIN);
    await writeFile(path.join(dir, '.edsl', 'ep.json'), JSON.stringify(config));
    return await selectPlugins({ config: readProjectConfig(path.join(dir, '.edsl', 'ep.json')), flagModules: [], inline: [], cwd: dir });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function failure(config: unknown): Promise<EpError> {
  const error = await select(config).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof EpError, `expected an EpError, got ${String(error)}`);
  return error;
}

describe('plugin options from the ep config', () => {
  it('delivers options keyed by plugin id to a third-party factory, entry options on top', async () => {
    const sources = await select({
      plugins: [{ module: './greeter.mjs', options: { times: 2 } }],
      options: { 'acme/greeter': { greeting: 'hello', times: 1 } },
    });
    const greeter = sources.find((source) => source.plugin.id === 'acme/greeter');
    assert.deepEqual(JSON.parse(greeter!.plugin.description!), { greeting: 'hello', times: 2 });
  });

  it('refuses an unknown option key, naming the plugin and the path, before the factory runs', async () => {
    const error = await failure({ plugins: ['./greeter.mjs'], options: { 'acme/greeter': { greting: 'hi' } } });
    assert.equal(error.code, 'PLUGIN_OPTIONS_INVALID');
    assert.equal(error.exitCode, 5);
    assert.equal(error.details?.plugin, 'acme/greeter');
    assert.equal(error.details?.path, 'options["acme/greeter"].greting');
  });

  it('refuses an option of the wrong type with its path', async () => {
    const error = await failure({ plugins: ['./greeter.mjs'], options: { 'acme/greeter': { times: 0 } } });
    assert.equal(error.details?.path, 'options["acme/greeter"].times');
    assert.match(error.message, /must be >= 1/);
  });

  it('refuses options for a plugin id nothing provides, suggesting the near one', async () => {
    const error = await failure({ plugins: ['./greeter.mjs'], options: { 'acme/greter': {} } });
    assert.equal(error.code, 'PLUGIN_CONFIG_INVALID');
    assert.equal(error.details?.path, 'options["acme/greter"]');
    assert.match(error.suggestion ?? '', /acme\/greeter/);
  });

  it('refuses a disable entry that names no built-in plugin', async () => {
    const error = await failure({ disable: ['builtin/search-bm2'] });
    assert.equal(error.details?.path, 'disable[0]');
    assert.match(error.suggestion ?? '', /builtin\/search-bm25/);
  });

  it('suggests the token name when a provider choice leaves out the ep. prefix', async () => {
    const error = await failure({ providers: { SearchEngine: 'builtin/search-elasticlunr' } });
    assert.equal(error.code, 'PLUGIN_UNKNOWN_PROVIDER');
    assert.match(error.suggestion ?? '', /"ep\.SearchEngine": "builtin\/search-elasticlunr"/);
  });
});
