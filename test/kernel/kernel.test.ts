import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { inject, injectable } from '../../src/kernel/di.js';
import { Kernel } from '../../src/kernel/kernel.js';
import type { EpPlugin } from '../../src/kernel/plugin.js';
import { createToken } from '../../src/kernel/token.js';
import { validatePlugin } from '../../src/kernel/plugin-validation.js';
import { EP_VERSION } from '../../src/version.js';

interface Greeter {
  greet(): string;
}
const Greeter = createToken<Greeter>('test.Greeter');
const Name = createToken<string>('test.Name');

@injectable()
class NameGreeter implements Greeter {
  constructor(@inject(Name) private readonly name: string) {}
  greet() {
    return `hello ${this.name}`;
  }
}

function plugin(partial: Partial<EpPlugin> & { id: string }): EpPlugin {
  return { version: '1.0.0', engine: '*', register: () => undefined, ...partial };
}

describe('Kernel', () => {
  it('constructs classes with explicit tokens and shares one instance per kernel', async () => {
    const kernel = new Kernel([
      {
        origin: 'api',
        plugin: plugin({ id: 't/greeter', provides: [Greeter], requires: [Name], register: (r) => r.registerClass(Greeter, NameGreeter) }),
      },
      { origin: 'api', plugin: plugin({ id: 't/name', provides: [Name], register: (r) => r.registerValue(Name, 'ep') }) },
    ]);
    await kernel.start();
    assert.equal(kernel.get(Greeter).greet(), 'hello ep');
    assert.equal(kernel.get(Greeter), kernel.get(Greeter));
    await kernel.shutdown();
  });

  it('reads a multi service only with getAll: get says so instead of passing an array off as one provider', async () => {
    const Part = createToken<string>('test.Part', 'multi');
    const kernel = new Kernel([
      { origin: 'api', plugin: plugin({ id: 't/a', provides: [Part], register: (r) => r.registerValue(Part, 'a') }) },
      { origin: 'api', plugin: plugin({ id: 't/b', provides: [Part], register: (r) => r.registerValue(Part, 'b') }) },
    ]);
    await kernel.start();
    assert.deepEqual(kernel.getAll(Part), ['a', 'b']);
    // @ts-expect-error: the types refuse `get` on a multi token; the runtime refuses it too (plain JavaScript callers).
    assert.throws(() => kernel.get(Part), { code: 'SERVICE_IS_MULTI', message: /getAll/ });
    await kernel.shutdown();
  });

  it('refuses a registration the plugin did not declare', async () => {
    const kernel = new Kernel([{ origin: 'api', plugin: plugin({ id: 't/sneaky', register: (r) => r.registerValue(Name, 'x') }) }]);
    await assert.rejects(kernel.start(), { code: 'PLUGIN_REGISTER_FAILED', message: /without declaring it/ });
  });

  it('shuts down initialized plugins in reverse order after a failed start and keeps the cause', async () => {
    const events: string[] = [];
    const tracked = (id: string, fail = false) =>
      plugin({
        id,
        initialize: () => {
          events.push(`init ${id}`);
          if (fail) throw new Error('disk full');
        },
        shutdown: () => {
          events.push(`stop ${id}`);
        },
      });
    const kernel = new Kernel([
      { origin: 'api', plugin: tracked('t/a') },
      { origin: 'api', plugin: tracked('t/b') },
      { origin: 'api', plugin: tracked('t/c', true) },
    ]);
    await assert.rejects(kernel.start(), (error: Error & { code: string }) => {
      assert.equal(error.code, 'PLUGIN_INIT_FAILED');
      assert.equal((error.cause as Error).message, 'disk full');
      return true;
    });
    assert.deepEqual(events, ['init t/a', 'init t/b', 'init t/c', 'stop t/b', 'stop t/a']);
    assert.equal(kernel.state, 'failed');
  });

  it('runs every shutdown even when one fails, then reports the failure', async () => {
    const events: string[] = [];
    const kernel = new Kernel([
      {
        origin: 'api',
        plugin: plugin({
          id: 't/a',
          shutdown: () => {
            events.push('a');
          },
        }),
      },
      {
        origin: 'api',
        plugin: plugin({
          id: 't/b',
          shutdown: () => {
            throw new Error('stuck');
          },
        }),
      },
    ]);
    await kernel.start();
    await assert.rejects(kernel.shutdown(), { code: 'PLUGIN_SHUTDOWN_FAILED' });
    assert.deepEqual(events, ['a']);
  });
});

describe('validatePlugin', () => {
  const valid = { id: 'acme/x', version: '1.2.3', engine: '>=0.1.0', register() {} };
  it('accepts a well-formed plugin', () => assert.equal(validatePlugin(valid, 'm', '0.1.0').id, 'acme/x'));
  it('rejects ids without a namespace', () =>
    assert.throws(() => validatePlugin({ ...valid, id: 'x' }, 'm', '0.1.0'), { code: 'PLUGIN_INVALID' }));
  it('rejects non-semver versions', () =>
    assert.throws(() => validatePlugin({ ...valid, version: 'one' }, 'm', '0.1.0'), { code: 'PLUGIN_INVALID' }));
  it('rejects an engine range this ep does not satisfy', () =>
    assert.throws(() => validatePlugin({ ...valid, engine: '^2.0.0' }, 'm', '0.1.0'), { code: 'PLUGIN_ENGINE_MISMATCH' }));
  it('keeps EP_VERSION equal to package.json', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
    assert.equal(EP_VERSION, manifest.version);
  });
});
