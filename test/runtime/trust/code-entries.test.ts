import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ProjectConfig } from '../../../src/runtime/loading/project-config.js';
import { commandModelPlugin } from '../../../src/plugins/model-command/model-command-plugin.js';
import { builtinSources } from '../../../src/runtime/select-plugins.js';
import { codeEntries } from '../../../src/runtime/trust/code-entries.js';
import { validatePlugin } from '../../../src/kernel/plugin-validation.js';

const config = (parts: Partial<ProjectConfig>): ProjectConfig => ({
  projectDir: '/p',
  plugins: [],
  disable: [],
  providers: {},
  options: {},
  mcp: {},
  ...parts,
});
const entriesOf = (parts: Partial<ProjectConfig>) => {
  const chosen = config(parts);
  return codeEntries(
    chosen,
    builtinSources(chosen).map((source) => source.plugin),
  ).map(({ entry }) => entry);
};

test('every plugin module is code, with or without options', () => {
  assert.deepEqual(entriesOf({ plugins: [{ module: './a.mjs' }, { module: '@acme/b', options: { level: 2 } }] }), [
    'plugins[0]',
    'plugins[1]',
  ]);
});

test('a provider choice is code only when it names a plugin that is not built in', () => {
  assert.deepEqual(entriesOf({ providers: { 'ep.SearchEngine': 'builtin/search-elasticlunr', 'ep.ContextPacker': 'acme/packer' } }), [
    'providers["ep.ContextPacker"]',
  ]);
});

test("the command model's command and args are code; its timeout is data", () => {
  assert.deepEqual(
    entriesOf({
      providers: { 'ep.ModelRuntime': 'builtin/model-command' },
      options: { 'builtin/model-command': { command: 'sh', args: ['-c', 'x'], timeoutMs: 5 } },
    }),
    ['options["builtin/model-command"].command', 'options["builtin/model-command"].args'],
  );
});

test('options of a plugin that is not loaded name nothing that runs', () => {
  assert.deepEqual(entriesOf({ options: { 'builtin/model-command': { command: 'sh' } } }), []);
});

test('data-only configs name no code', () => {
  assert.deepEqual(
    entriesOf({
      disable: ['builtin/diagnostics'],
      mcp: { allowWrites: true },
      providers: { 'ep.SearchEngine': 'builtin/search-elasticlunr', 'ep.ModelRuntime': 'builtin/model-openai' },
      options: {
        'builtin/search-elasticlunr': { boosts: { title: 2 } },
        'builtin/context': { maxTokens: 10 },
        'acme/unknown': { command: 'sh' },
      },
    }),
    [],
  );
});

test("a plugin's own declaration decides which of its options are code", () => {
  const plugin = { id: 'acme/runner', version: '1.0.0', engine: '*', codeOptions: ['binary'], register() {} };
  const entries = codeEntries(config({ options: { 'acme/runner': { binary: '/bin/x', verbose: true } } }), [plugin]);
  assert.deepEqual(entries, [{ entry: 'options["acme/runner"].binary', value: '"/bin/x"' }]);
  assert.deepEqual(commandModelPlugin().codeOptions, ['command', 'args']);
});

test('values are shown as JSON and shortened', () => {
  const [entry] = codeEntries(config({ plugins: [{ module: `./${'x'.repeat(1000)}\u001b[2J.mjs` }] }), []);
  assert.ok(entry!.value.length <= 201 && entry!.value.endsWith('…'));
  const [escaped] = codeEntries(config({ plugins: [{ module: '\u001b[2J' }] }), []);
  assert.equal(escaped!.value, '"\\u001b[2J"');
});

test("a plugin's codeOptions must be a list of option names", () => {
  const plugin = (codeOptions: unknown) => ({ id: 'acme/x', version: '1.0.0', engine: '*', codeOptions, register() {} });
  assert.equal(validatePlugin(plugin(['command']), './x.mjs', '0.1.0').codeOptions?.[0], 'command');
  for (const bad of ['command', [1], {}]) {
    assert.throws(() => validatePlugin(plugin(bad), './x.mjs', '0.1.0'), /codeOptions must be an array of option names/);
  }
});
