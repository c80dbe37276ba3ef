import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { tokenArity, tokenName, type ServiceToken } from '../../src/kernel/token.js';
import { BUILTIN_PLUGINS } from '../../src/plugins/builtin-catalog.js';
import { EpRuntime } from '../../src/runtime/runtime.js';
import * as tokens from '../../src/service-tokens.js';
import { RuntimeSettings } from '../../src/kernel/runtime-settings.js';
import { ToolRegistry } from '../../src/skills/tool.js';

const known = new Set<symbol>(Object.values(tokens).filter((value): value is symbol => typeof value === 'symbol'));
const builtins = BUILTIN_PLUGINS.map(({ factory }) => factory());

/** Reads every service the runtime's plugins provide, so every lazy factory and class runs its scoped reads. */
function resolveEverything(runtime: EpRuntime): void {
  for (const { plugin } of runtime.kernel.plugins) {
    for (const token of plugin.provides ?? []) {
      if (tokenArity(token) === 'multi') runtime.getAll(token);
      else runtime.get(token as ServiceToken<unknown>);
    }
  }
  runtime.get(ToolRegistry).list();
}

describe('built-in plugin declarations', () => {
  it('name only real service tokens, and every required one has a built-in or host provider', () => {
    const provided = new Set<symbol>([RuntimeSettings, ...builtins.flatMap((plugin) => plugin.provides ?? [])]);
    for (const plugin of builtins) {
      for (const token of [...(plugin.requires ?? []), ...(plugin.optional ?? []), ...(plugin.provides ?? [])]) {
        assert.ok(known.has(token), `${plugin.id} declares ${tokenName(token)}, which is not a service token`);
      }
      for (const token of plugin.requires ?? []) {
        assert.ok(provided.has(token), `${plugin.id} requires ${tokenName(token)}, which nothing built in provides`);
      }
    }
  });

  it('start with the default config and resolve every service they provide within their declarations', async () => {
    const home = await mkdtemp(path.join(tmpdir(), 'ep-declarations-'));
    const runtime = await EpRuntime.create({ cwd: home, config: {}, env: { EP_HOME: home } });
    try {
      const defaults = BUILTIN_PLUGINS.filter((entry) => entry.enabledByDefault).map((entry) => entry.id);
      assert.deepEqual(runtime.kernel.plugins.map(({ plugin }) => plugin.id).sort(), [...defaults].sort());
      resolveEverything(runtime);
    } finally {
      await runtime.shutdown();
      await rm(home, { recursive: true, force: true });
    }
  });

  it('start as the chosen provider when they are not loaded by default', async () => {
    const home = await mkdtemp(path.join(tmpdir(), 'ep-declarations-'));
    try {
      for (const entry of BUILTIN_PLUGINS.filter((candidate) => !candidate.enabledByDefault)) {
        const service = tokenName(entry.factory().provides![0]!);
        const runtime = await EpRuntime.create({ cwd: home, config: { providers: { [service]: entry.id } }, env: { EP_HOME: home } });
        try {
          assert.ok(
            runtime.kernel.plugins.some(({ plugin }) => plugin.id === entry.id),
            entry.id,
          );
          resolveEverything(runtime);
        } finally {
          await runtime.shutdown();
        }
      }
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });
});
