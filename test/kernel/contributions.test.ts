import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Kernel } from '../../src/kernel/kernel.js';
import type { EpPlugin } from '../../src/kernel/plugin.js';
import { createToken } from '../../src/kernel/token.js';

const Part = createToken<{ label: string }>('test.contributions.Part', 'multi');
const Name = createToken<string>('test.contributions.Name');

function plugin(partial: Partial<EpPlugin> & { id: string }): EpPlugin {
  return { version: '1.0.0', engine: '*', register: () => undefined, ...partial };
}

class ClassPart {
  readonly label = 'class';
}

describe('contributions', () => {
  const kernel = new Kernel([
    {
      origin: 'api',
      plugin: plugin({
        id: 't/values',
        provides: [Part],
        register: (r) => {
          r.registerValue(Part, { label: 'value' });
        },
      }),
    },
    {
      origin: 'api',
      plugin: plugin({
        id: 't/lazy',
        provides: [Part],
        register: (r) => {
          r.registerFactory(Part, () => ({ label: 'factory' }));
          r.registerFactory(Part, () => {
            throw new Error('broken part');
          });
          r.registerClass(Part, ClassPart, []);
        },
      }),
    },
    { origin: 'api', plugin: plugin({ id: 't/reader', requires: [Name] }) },
  ]).provide(Name, 'host name');

  it('lists each binding of a multi token with the plugin that made it, in registration order', async () => {
    await kernel.start();
    assert.deepEqual(
      kernel.contributions(Part).map((c) => c.plugin),
      ['t/values', 't/lazy', 't/lazy', 't/lazy'],
    );
  });

  it('resolves each contribution on its own: one failing leaves the others readable', () => {
    const [value, factory, broken, constructed] = kernel.contributions(Part);
    assert.equal(value!.resolve().label, 'value');
    assert.equal(factory!.resolve().label, 'factory');
    assert.throws(() => broken!.resolve(), {
      code: 'PLUGIN_SERVICE_FAILED',
      details: { plugin: 't/lazy', service: 'test.contributions.Part' },
    });
    assert.equal(constructed!.resolve().label, 'class');
    assert.equal(constructed!.resolve(), constructed!.resolve(), 'built once');
  });

  it('names no plugin for a value the host bound', () => {
    const [host] = kernel.contributions(Name);
    assert.equal(host!.plugin, undefined);
    assert.equal(host!.resolve(), 'host name');
  });

  it('is scoped like every read: a plugin lists the contributions of tokens it declared only', async () => {
    const seen: string[] = [];
    const scoped = new Kernel([
      { origin: 'api', plugin: plugin({ id: 't/part', provides: [Part], register: (r) => r.registerValue(Part, { label: 'p' }) }) },
      {
        origin: 'api',
        plugin: plugin({
          id: 't/reader',
          optional: [Part],
          initialize: (s) => {
            seen.push(...s.contributions(Part).map((c) => c.plugin!));
          },
        }),
      },
      {
        origin: 'api',
        plugin: plugin({
          id: 't/sneaky',
          initialize: (s) => {
            s.contributions(Part);
          },
        }),
      },
    ]);
    await assert.rejects(scoped.start(), {
      code: 'PLUGIN_UNDECLARED_SERVICE',
      details: { plugin: 't/sneaky', service: 'test.contributions.Part' },
    });
    assert.deepEqual(seen, ['t/part']);
  });
});
