import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { listTrustedConfigs, revokeTrust, trustConfig } from '../../../src/api/trust.js';
import { isEpError } from '../../../src/kernel/errors.js';
import { planRuntime } from '../../../src/runtime/plan-runtime.js';

const CONFIG = `{\n  "plugins": ["./marker.mjs"],\n  "options": { "builtin/context": { "maxTokens": 4000 } }\n}\n`;

/** A project whose config loads a module that leaves `imported` beside it when it is imported. */
async function withProject(body: (dir: string, env: Record<string, string>) => Promise<void>): Promise<void> {
  const root = await mkdtemp(path.join(tmpdir(), 'ep-trust-'));
  const dir = path.join(root, 'project');
  await mkdir(path.join(dir, '.edsl'), { recursive: true });
  await writeFile(path.join(dir, '.edsl', 'ep.json'), CONFIG);
  await writeFile(
    path.join(dir, 'marker.mjs'),
    `import { writeFileSync } from 'node:fs';
writeFileSync(new URL('./imported', import.meta.url), '');
export default () => ({ id: 'acme/marker', version: '1.0.0', engine: '*', register() {} });
`,
  );
  try {
    await body(dir, { EP_HOME: path.join(root, 'home') });
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** The error code a call fails with, or what it resolved to. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    const value = await promise;
    return typeof value === 'string' ? value : 'accepted';
  } catch (error) {
    if (isEpError(error)) return error.code;
    throw error;
  }
}

test('an untrusted config is refused before its plugin is imported, naming the entry and ep trust', () =>
  withProject(async (dir, env) => {
    const error = await planRuntime({ cwd: dir, env }).catch((caught: unknown) => caught);
    assert.ok(isEpError(error) && error.code === 'CONFIG_NOT_TRUSTED' && error.exitCode === 4);
    assert.match(error.message, /plugins\[0\] = "\.\/marker\.mjs".*`ep trust`/);
    assert.deepEqual(error.details?.codeEntries, [{ entry: 'plugins[0]', value: '"./marker.mjs"' }]);
    assert.equal(existsSync(path.join(dir, 'imported')), false);
  }));

// An edit may also turn the config into one that names no code (`" plugins"`): that needs no trust, and loads nothing.
test('any edit of a trusted config, whitespace included, loses its trust before its plugin is imported', () =>
  withProject(async (dir, env) => {
    const file = path.join(dir, '.edsl', 'ep.json');
    await trustConfig(undefined, { cwd: dir, env });
    await fc.assert(
      fc.asyncProperty(fc.nat(CONFIG.length), fc.constantFrom(' ', '\n', '\t', 'x', '}'), async (at, text) => {
        await writeFile(file, CONFIG.slice(0, at) + text + CONFIG.slice(at));
        const planned = planRuntime({ cwd: dir, env }).then((plan) => (plan.config.plugins.length === 0 ? 'no code named' : 'loaded'));
        const outcome = await refusal(planned);
        assert.ok(['CONFIG_NOT_TRUSTED', 'PLUGIN_CONFIG_INVALID', 'no code named'].includes(outcome), outcome);
        assert.equal(existsSync(path.join(dir, 'imported')), false);
      }),
      { numRuns: 40 },
    );
    await writeFile(file, CONFIG);
    await planRuntime({ cwd: dir, env });
    assert.equal(existsSync(path.join(dir, 'imported')), true, 'the same bytes are trusted again, and the fixture does run');
  }));

test('a config that only sets data needs no trust and writes nothing under EP_HOME', () =>
  withProject(async (dir, env) => {
    await writeFile(path.join(dir, '.edsl', 'ep.json'), JSON.stringify({ providers: { 'ep.SearchEngine': 'builtin/search-elasticlunr' } }));
    const plan = await planRuntime({ cwd: dir, env });
    assert.ok(plan.sources.some((source) => source.plugin.id === 'builtin/search-elasticlunr'));
    assert.equal(existsSync(env.EP_HOME!), false);
  }));

test("the embedder's own config replaces the file's entries and needs no trust", () =>
  withProject(async (dir, env) => {
    const plan = await planRuntime({ cwd: dir, env, config: { plugins: [] } });
    assert.equal(
      plan.sources.some((source) => source.origin === 'config'),
      false,
    );
    assert.equal(existsSync(path.join(dir, 'imported')), false);
  }));

test('trust does not follow a symlinked .edsl into another project, but does follow the project through a symlink', () =>
  withProject(async (dir, env) => {
    await trustConfig(dir, { cwd: dir, env });
    const other = path.join(path.dirname(dir), 'other');
    await mkdir(other);
    await symlink(path.join(dir, '.edsl'), path.join(other, '.edsl'));
    assert.equal(await refusal(planRuntime({ cwd: other, env })), 'CONFIG_NOT_TRUSTED');
    const alias = path.join(path.dirname(dir), 'alias');
    await symlink(dir, alias);
    assert.equal(await refusal(planRuntime({ cwd: alias, env, config: { plugins: [] } })), 'accepted');
    assert.equal((await trustConfig(alias, { env })).configPath, path.join(dir, '.edsl', 'ep.json'));
  }));

test('trust is listed with the state of the file, and revoked by path even once the file is gone', () =>
  withProject(async (dir, env) => {
    const trusted = await trustConfig(path.join(dir, '.edsl', 'ep.json'), { env });
    assert.deepEqual(
      (await listTrustedConfigs({ env })).configs.map((config) => config.state),
      ['trusted'],
    );
    await writeFile(trusted.configPath, `${await readFile(trusted.configPath, 'utf8')} `);
    assert.deepEqual(
      (await listTrustedConfigs({ env })).configs.map((config) => config.state),
      ['changed'],
    );
    await rm(path.join(dir, '.edsl'), { recursive: true });
    assert.deepEqual(
      (await listTrustedConfigs({ env })).configs.map((config) => config.state),
      ['missing'],
    );
    assert.deepEqual(await revokeTrust(trusted.configPath, { env }), { configPath: trusted.configPath, revoked: true });
    assert.deepEqual((await listTrustedConfigs({ env })).configs, []);
  }));

test('ep trust refuses what is not an ep config', () =>
  withProject(async (dir, env) => {
    assert.equal(await refusal(trustConfig(path.join(dir, 'marker.mjs'), { env })), 'CONFIG_NOT_FOUND');
    assert.equal(await refusal(trustConfig(path.join(dir, 'missing'), { env })), 'CONFIG_NOT_FOUND');
    await writeFile(path.join(dir, '.edsl', 'ep.json'), '{"plugins": 1}');
    assert.equal(await refusal(trustConfig(undefined, { cwd: dir, env })), 'PLUGIN_CONFIG_INVALID');
  }));
