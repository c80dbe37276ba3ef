import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EpError, ExitCode } from '../../src/kernel/errors.js';
import { Kernel } from '../../src/kernel/kernel.js';
import type { EpPlugin } from '../../src/kernel/plugin.js';
import { createToken } from '../../src/kernel/token.js';

interface Index {
  size: number;
}
const SearchIndex = createToken<Index>('test.boundary.SearchIndex');
const Ranker = createToken<Index>('test.boundary.Ranker');

function plugin(partial: Partial<EpPlugin> & { id: string }): EpPlugin {
  return { version: '1.0.0', engine: '*', register: () => undefined, ...partial };
}

async function started(...plugins: EpPlugin[]): Promise<Kernel> {
  const kernel = new Kernel(plugins.map((p) => ({ origin: 'api' as const, plugin: p })));
  await kernel.start();
  return kernel;
}

const invalidOptions = () =>
  new EpError('TOKENIZER_INVALID_OPTIONS', 'The tokenizer option model must be a string.', {
    exitCode: ExitCode.validation,
    suggestion: 'Set "model" to an encoding name such as "cl100k_base".',
    details: { field: 'model' },
  });

/** Checks `error` is `expected` as the user sees it, named after `plugin`. */
function keptWithPlugin(error: unknown, expected: EpError, names: Record<string, string>): true {
  assert.ok(error instanceof EpError);
  assert.equal(error.code, expected.code);
  assert.equal(error.exitCode, expected.exitCode);
  assert.equal(error.message, expected.message);
  assert.equal(error.suggestion, expected.suggestion);
  assert.deepEqual(error.details, { ...expected.details, ...names });
  return true;
}

/** A plugin providing SearchIndex whose factory throws `thrown` whenever the index is read. */
function failingIndexPlugin(id: string, thrown: unknown) {
  return plugin({
    id,
    provides: [SearchIndex],
    register: (r) =>
      r.registerFactory(SearchIndex, () => {
        throw thrown;
      }),
  });
}

describe('the plugin boundary around bound factories and classes', () => {
  it('names the plugin and the service when a factory throws a plain error, keeping it as the cause', async () => {
    const kernel = await started(failingIndexPlugin('acme/search', new Error('missing API key')));
    assert.throws(
      () => kernel.get(SearchIndex),
      (error: EpError) => {
        assert.equal(error.code, 'PLUGIN_SERVICE_FAILED');
        assert.equal(error.exitCode, ExitCode.general);
        assert.match(error.message, /acme\/search.*test\.boundary\.SearchIndex.*missing API key/);
        assert.deepEqual(error.details, { plugin: 'acme/search', service: 'test.boundary.SearchIndex' });
        assert.equal((error.cause as Error).message, 'missing API key');
        return true;
      },
    );
  });

  it('names the plugin when a class it binds throws from its constructor', async () => {
    class KeyedIndex implements Index {
      size = 0;
      constructor() {
        throw new TypeError('no key');
      }
    }
    const kernel = await started(
      plugin({ id: 'acme/search', provides: [SearchIndex], register: (r) => r.registerClass(SearchIndex, KeyedIndex, []) }),
    );
    assert.throws(() => kernel.get(SearchIndex), {
      code: 'PLUGIN_SERVICE_FAILED',
      details: { plugin: 'acme/search', service: 'test.boundary.SearchIndex' },
    });
  });

  it('keeps an EpError a factory throws, with the plugin and the service added to its details', async () => {
    const thrown = invalidOptions();
    const kernel = await started(failingIndexPlugin('acme/search', thrown));
    assert.throws(
      () => kernel.get(SearchIndex),
      (error) => keptWithPlugin(error, thrown, { plugin: 'acme/search', service: 'test.boundary.SearchIndex' }),
    );
  });

  it("names the innermost plugin when one plugin's factory resolves another plugin's failing service", async () => {
    const kernel = await started(
      failingIndexPlugin('acme/index', new Error('index is corrupt')),
      plugin({
        id: 'acme/ranker',
        provides: [Ranker],
        requires: [SearchIndex],
        register: (r) => r.registerFactory(Ranker, (services) => services.get(SearchIndex)),
      }),
    );
    assert.throws(
      () => kernel.get(Ranker),
      (error: EpError) => {
        assert.equal(error.code, 'PLUGIN_SERVICE_FAILED');
        assert.deepEqual(error.details, { plugin: 'acme/index', service: 'test.boundary.SearchIndex' });
        assert.doesNotMatch(error.message, /acme\/ranker/);
        return true;
      },
    );
  });

  it('builds a factory again after it failed, so a later read can succeed', async () => {
    let calls = 0;
    const kernel = await started(
      plugin({
        id: 'acme/search',
        provides: [SearchIndex],
        register: (r) =>
          r.registerFactory(SearchIndex, () => {
            calls += 1;
            if (calls === 1) throw new Error('busy');
            return { size: 1 };
          }),
      }),
    );
    assert.throws(() => kernel.get(SearchIndex), { code: 'PLUGIN_SERVICE_FAILED' });
    assert.deepEqual(kernel.get(SearchIndex), { size: 1 });
  });
});

describe('the plugin boundary around hooks', () => {
  it('keeps an EpError initialize throws: its code, exit code and suggestion, with the plugin and hook in its details', async () => {
    const thrown = invalidOptions();
    const kernel = new Kernel([
      {
        origin: 'api',
        plugin: plugin({
          id: 'acme/tokens',
          initialize: () => {
            throw thrown;
          },
        }),
      },
    ]);
    await assert.rejects(kernel.start(), (error) => keptWithPlugin(error, thrown, { plugin: 'acme/tokens', hook: 'initialize' }));
  });

  it('keeps an EpError register throws', async () => {
    const thrown = invalidOptions();
    const kernel = new Kernel([
      {
        origin: 'api',
        plugin: plugin({
          id: 'acme/tokens',
          register: async () => {
            throw thrown;
          },
        }),
      },
    ]);
    await assert.rejects(kernel.start(), (error) => keptWithPlugin(error, thrown, { plugin: 'acme/tokens', hook: 'register' }));
  });

  it('keeps an EpError shutdown throws', async () => {
    const thrown = new EpError('ACME_FLUSH_FAILED', 'The acme cache could not be flushed.', { exitCode: ExitCode.remote });
    const kernel = await started(
      plugin({
        id: 'acme/cache',
        shutdown: () => {
          throw thrown;
        },
      }),
    );
    await assert.rejects(kernel.shutdown(), (error) => keptWithPlugin(error, thrown, { plugin: 'acme/cache', hook: 'shutdown' }));
  });

  it('still wraps a plain error from register with PLUGIN_REGISTER_FAILED and its cause', async () => {
    const kernel = new Kernel([
      {
        origin: 'api',
        plugin: plugin({
          id: 'acme/tokens',
          register: () => {
            throw new Error('no such module');
          },
        }),
      },
    ]);
    await assert.rejects(kernel.start(), (error: EpError) => {
      assert.equal(error.code, 'PLUGIN_REGISTER_FAILED');
      assert.deepEqual(error.details, { plugin: 'acme/tokens', hook: 'register' });
      assert.equal((error.cause as Error).message, 'no such module');
      return true;
    });
  });

  it('names the plugin whose service failed, not the plugin whose initialize read it', async () => {
    const kernel = new Kernel([
      {
        origin: 'api',
        plugin: failingIndexPlugin('acme/index', new Error('index is corrupt')),
      },
      {
        origin: 'api',
        plugin: plugin({
          id: 'acme/warmup',
          requires: [SearchIndex],
          initialize: (services) => {
            services.get(SearchIndex);
          },
        }),
      },
    ]);
    await assert.rejects(kernel.start(), {
      code: 'PLUGIN_SERVICE_FAILED',
      details: { plugin: 'acme/index', service: 'test.boundary.SearchIndex' },
    });
  });
});
