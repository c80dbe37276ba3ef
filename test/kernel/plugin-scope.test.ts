import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Kernel } from '../../src/kernel/kernel.js';
import type { EpPlugin, ServiceAccessor } from '../../src/kernel/plugin.js';
import { createToken } from '../../src/kernel/token.js';

const Secret = createToken<string>('test.scope.Secret');
const Greeting = createToken<string>('test.scope.Greeting');
const Extra = createToken<string>('test.scope.Extra');
const Part = createToken<string>('test.scope.Part', 'multi');
const Host = createToken<string>('test.scope.Host');

function plugin(partial: Partial<EpPlugin> & { id: string }): EpPlugin {
  return { version: '1.0.0', engine: '*', register: () => undefined, ...partial };
}

const secretPlugin = plugin({ id: 't/secret', provides: [Secret], register: (r) => r.registerValue(Secret, 's3cret') });

function undeclared(plugin: string, service: string) {
  return (error: Error & { code?: string; details?: Record<string, unknown> }) => {
    assert.equal(error.code, 'PLUGIN_UNDECLARED_SERVICE');
    assert.match(error.message, new RegExp(`${plugin}.*${service.replaceAll('.', '\\.')}`));
    assert.match(error.message, /requires/);
    assert.deepEqual(error.details, { plugin, service });
    return true;
  };
}

async function started(...plugins: EpPlugin[]): Promise<Kernel> {
  const kernel = new Kernel(plugins.map((p) => ({ origin: 'api' as const, plugin: p })));
  await kernel.start();
  return kernel;
}

describe('a plugin reads only the services it declared', () => {
  it('fails an undeclared read during register, naming the plugin, the token and the list to add it to', async () => {
    const sneaky = plugin({
      id: 't/sneaky',
      register: (r) => {
        r.get(Secret);
      },
    });
    await assert.rejects(started(secretPlugin, sneaky), undeclared('t/sneaky', 'test.scope.Secret'));
  });

  it('fails an undeclared read in initialize, and get, getAll and has are all scoped', async () => {
    const reads = [(s: ServiceAccessor) => s.get(Secret), (s: ServiceAccessor) => s.getAll(Part), (s: ServiceAccessor) => s.has(Secret)];
    for (const read of reads) {
      const sneaky = plugin({
        id: 't/sneaky',
        initialize: (services) => {
          read(services);
        },
      });
      await assert.rejects(started(secretPlugin, sneaky), (error: Error & { code?: string }) => error.code === 'PLUGIN_UNDECLARED_SERVICE');
    }
  });

  it('fails an undeclared read in shutdown, reported as it is, like one in register or initialize', async () => {
    const kernel = await started(
      secretPlugin,
      plugin({
        id: 't/sneaky',
        shutdown: (services) => {
          services.get(Secret);
        },
      }),
    );
    await assert.rejects(kernel.shutdown(), undeclared('t/sneaky', 'test.scope.Secret'));
  });

  it('scopes factories to the plugin that bound them, whoever resolves them', async () => {
    const leaky = plugin({
      id: 't/leaky',
      provides: [Greeting],
      register: (r) => r.registerFactory(Greeting, (s) => `hi ${s.get(Secret)}`),
    });
    const kernel = await started(secretPlugin, leaky);
    assert.throws(() => kernel.get(Greeting), undeclared('t/leaky', 'test.scope.Secret'));
    await kernel.shutdown();
  });

  it('reads what it requires, what it uses optionally, what it provides and what the host binds', async () => {
    const seen: unknown[] = [];
    const reader = plugin({
      id: 't/reader',
      requires: [Secret],
      optional: [Extra, Part],
      provides: [Greeting],
      register: (r) => r.registerFactory(Greeting, (s) => `${s.get(Secret)} ${s.get(Host)}`),
      initialize(s) {
        seen.push(s.get(Secret), s.has(Extra), s.getAll(Part), s.get(Greeting), s.get(Host));
      },
    });
    const part = plugin({ id: 't/part', provides: [Part], register: (r) => r.registerValue(Part, 'p') });
    const kernel = new Kernel([secretPlugin, reader, part].map((p) => ({ origin: 'api' as const, plugin: p }))).provide(Host, 'host');
    await kernel.start();
    assert.deepEqual(seen, ['s3cret', false, ['p'], 's3cret host', 'host']);
    await kernel.shutdown();
  });

  it('leaves the host (the kernel itself) unscoped', async () => {
    const kernel = await started(secretPlugin);
    assert.equal(kernel.get(Secret), 's3cret');
    assert.equal(kernel.has(Greeting), false);
    assert.deepEqual(kernel.getAll(Part), []);
    await kernel.shutdown();
  });
});
