import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EpPlugin, PluginSource } from '../../src/kernel/plugin.js';
import { resolvePluginGraph } from '../../src/kernel/plugin-graph.js';
import { createToken } from '../../src/kernel/token.js';

const A = createToken<unknown>('test.A');
const B = createToken<unknown>('test.B');
const Many = createToken<unknown>('test.Many', 'multi');

function source(id: string, provides: symbol[] = [], requires: symbol[] = [], optional: symbol[] = []): PluginSource {
  const plugin: EpPlugin = { id, version: '1.0.0', engine: '*', provides, requires, optional, register: () => undefined };
  return { plugin, origin: 'api' };
}

describe('resolvePluginGraph', () => {
  it('starts providers before their dependents and keeps independent plugins in listed order', () => {
    const graph = resolvePluginGraph([source('t/x'), source('t/user', [], [A]), source('t/y'), source('t/provider', [A])]);
    assert.deepEqual(
      graph.ordered.map((s) => s.plugin.id),
      ['t/x', 't/provider', 't/user', 't/y'],
    );
  });

  it('lets any number of plugins contribute to a multi service and orders consumers after all of them', () => {
    const graph = resolvePluginGraph([source('t/registry', [], [], [Many]), source('t/one', [Many]), source('t/two', [Many])]);
    assert.deepEqual(
      graph.ordered.map((s) => s.plugin.id),
      ['t/one', 't/two', 't/registry'],
    );
  });

  it('rejects a second provider of a single service, naming both', () => {
    assert.throws(() => resolvePluginGraph([source('t/one', [A]), source('t/two', [A])]), {
      code: 'PLUGIN_DUPLICATE_PROVIDER',
      message: /test\.A is provided by both t\/one and t\/two/,
    });
  });

  it('rejects a missing dependency unless the host provides it', () => {
    assert.throws(() => resolvePluginGraph([source('t/user', [], [B])]), { code: 'PLUGIN_MISSING_DEPENDENCY' });
    assert.doesNotThrow(() => resolvePluginGraph([source('t/user', [], [B])], new Set([B])));
  });

  it('prints a cycle as a path', () => {
    assert.throws(() => resolvePluginGraph([source('t/a', [A], [B]), source('t/b', [B], [A])]), {
      code: 'PLUGIN_DEPENDENCY_CYCLE',
      message: /t\/a -> t\/b -> t\/a/,
    });
  });

  it('rejects the same id twice', () => {
    assert.throws(() => resolvePluginGraph([source('t/a'), source('t/a')]), { code: 'PLUGIN_DUPLICATE_ID' });
  });
});
