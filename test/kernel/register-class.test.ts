import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inject, injectAll } from '../../src/kernel/di.js';
import { Kernel } from '../../src/kernel/kernel.js';
import type { EpPlugin } from '../../src/kernel/plugin.js';
import { createToken } from '../../src/kernel/token.js';

interface Greeter {
  greet(): string;
}
const Greeter = createToken<Greeter>('test.class.Greeter');
const Name = createToken<string>('test.class.Name');
const Punctuation = createToken<string>('test.class.Punctuation');
const Part = createToken<string>('test.class.Part', 'multi');

let constructed = 0;

/** No decorators: what a plugin compiled without metadata (or plain JavaScript) looks like. */
class PlainGreeter implements Greeter {
  constructor(
    private readonly name: string,
    private readonly parts: readonly string[],
  ) {
    constructed += 1;
  }
  greet() {
    return `hello ${this.name} ${this.parts.join('+')}`;
  }
}

class DecoratedGreeter implements Greeter {
  constructor(
    @inject(Name) private readonly name: string,
    @injectAll(Part) private readonly parts: string[],
  ) {}
  greet() {
    return `hi ${this.name} ${this.parts.join('+')}`;
  }
}

class HalfDecoratedGreeter implements Greeter {
  constructor(
    @inject(Name) private readonly name: string,
    private readonly punctuation: string,
  ) {}
  greet() {
    return `${this.name}${this.punctuation}`;
  }
}

function plugin(partial: Partial<EpPlugin> & { id: string }): EpPlugin {
  return { version: '1.0.0', engine: '*', register: () => undefined, ...partial };
}

const providers = [
  plugin({ id: 't/name', provides: [Name], register: (r) => r.registerValue(Name, 'ep') }),
  plugin({ id: 't/punctuation', provides: [Punctuation], register: (r) => r.registerValue(Punctuation, '!') }),
  plugin({ id: 't/a', provides: [Part], register: (r) => r.registerValue(Part, 'a') }),
  plugin({ id: 't/b', provides: [Part], register: (r) => r.registerValue(Part, 'b') }),
];

function kernelWith(greeter: Partial<EpPlugin>): Kernel {
  return new Kernel(
    [...providers, plugin({ id: 't/greeter', provides: [Greeter], ...greeter })].map((p) => ({ origin: 'api' as const, plugin: p })),
  );
}

describe('registerClass', () => {
  it('constructs from an explicit dependency list, in order; a multi token gives every contribution', async () => {
    const kernel = kernelWith({ requires: [Name, Part], register: (r) => r.registerClass(Greeter, PlainGreeter, [Name, Part]) });
    await kernel.start();
    assert.equal(kernel.get(Greeter).greet(), 'hello ep a+b');
    await kernel.shutdown();
  });

  it('constructs from the tokens @inject and @injectAll record when no list is given', async () => {
    const kernel = kernelWith({ requires: [Name, Part], register: (r) => r.registerClass(Greeter, DecoratedGreeter) });
    await kernel.start();
    assert.equal(kernel.get(Greeter).greet(), 'hi ep a+b');
    await kernel.shutdown();
  });

  it('constructs lazily, once per kernel', async () => {
    constructed = 0;
    const kernel = kernelWith({ requires: [Name, Part], register: (r) => r.registerClass(Greeter, PlainGreeter, [Name, Part]) });
    await kernel.start();
    assert.equal(constructed, 0);
    assert.equal(kernel.get(Greeter), kernel.get(Greeter));
    assert.equal(constructed, 1);
    await kernel.shutdown();
  });

  it('refuses a class whose constructor parameters carry neither a list nor @inject, naming plugin, token and class', async () => {
    for (const [Class, parameters] of [
      [PlainGreeter, [0, 1]],
      [HalfDecoratedGreeter, [1]],
    ] as const) {
      const kernel = kernelWith({ requires: [Name, Punctuation], register: (r) => r.registerClass(Greeter, Class) });
      await assert.rejects(kernel.start(), (error: Error & { code?: string; details?: Record<string, unknown> }) => {
        assert.equal(error.code, 'PLUGIN_CLASS_DEPENDENCIES_UNKNOWN');
        assert.match(error.message, new RegExp(`t/greeter.*${Class.name}.*test\\.class\\.Greeter`));
        assert.deepEqual(error.details, { plugin: 't/greeter', service: 'test.class.Greeter', class: Class.name, parameters });
        return true;
      });
    }
  });

  it('refuses an undeclared dependency at start-up, in either form', async () => {
    for (const register of [
      (r: Parameters<EpPlugin['register']>[0]) => r.registerClass(Greeter, PlainGreeter, [Name, Part]),
      (r: Parameters<EpPlugin['register']>[0]) => r.registerClass(Greeter, DecoratedGreeter),
    ]) {
      const kernel = kernelWith({ requires: [Name], register });
      await assert.rejects(kernel.start(), {
        code: 'PLUGIN_UNDECLARED_SERVICE',
        details: { plugin: 't/greeter', service: 'test.class.Part' },
      });
    }
  });

  it('passes undefined for an optional dependency nothing provides', async () => {
    const Missing = createToken<string>('test.class.Missing');
    class MaybeGreeter implements Greeter {
      constructor(
        private readonly name: string,
        private readonly extra: string | undefined,
      ) {}
      greet() {
        return `${this.name}${this.extra ?? '?'}`;
      }
    }
    const kernel = kernelWith({
      requires: [Name],
      optional: [Missing],
      register: (r) => r.registerClass(Greeter, MaybeGreeter, [Name, Missing]),
    });
    await kernel.start();
    assert.equal(kernel.get(Greeter).greet(), 'ep?');
    await kernel.shutdown();
  });
});
