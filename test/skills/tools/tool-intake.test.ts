import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Contribution } from '../../../src/kernel/contributions.js';
import { EpError } from '../../../src/kernel/errors.js';
import { ToolRegistryService } from '../../../src/skills/tool-registry.js';
import type { Tool } from '../../../src/skills/tool.js';

const tool = (name: string): Tool => ({
  name,
  description: name,
  capabilities: ['read_only'],
  inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  call: () => ({ from: name }),
});
const from = (plugin: string, value: unknown): Contribution<Tool> => ({ plugin, resolve: () => value as Tool });

describe('a tool registry with broken contributions', () => {
  const registry = new ToolRegistryService([
    from('acme/good', tool('acme/first')),
    from('acme/bad', tool('Not Namespaced')),
    from('acme/good', tool('acme/second')),
    from('acme/schemaless', { ...tool('acme/schemaless'), inputSchema: undefined }),
    from('acme/uncallable', { ...tool('acme/uncallable'), call: 'run' }),
    from('acme/copy', tool('acme/first')),
    {
      plugin: 'acme/keyless',
      resolve: () => {
        throw new EpError('PLUGIN_SERVICE_FAILED', 'Plugin acme/keyless failed to build service ep.Tool: missing API key');
      },
    },
  ]);

  it('serves every valid tool', () => {
    assert.deepEqual(
      registry.list().map((t) => t.name),
      ['acme/first', 'acme/second'],
    );
  });

  it('reports each one left out with its plugin, a code and the reason', () => {
    assert.deepEqual(
      registry.leftOut().map(({ name, plugin, code }) => [name, plugin, code]),
      [
        ['Not Namespaced', 'acme/bad', 'TOOL_INVALID'],
        ['acme/schemaless', 'acme/schemaless', 'TOOL_INVALID'],
        ['acme/uncallable', 'acme/uncallable', 'TOOL_INVALID'],
        ['acme/first', 'acme/copy', 'TOOL_DUPLICATE'],
        [undefined, 'acme/keyless', 'PLUGIN_SERVICE_FAILED'],
      ],
    );
    const [badName, schemaless, uncallable, , keyless] = registry.leftOut();
    assert.equal(
      badName!.message,
      'Tool "Not Namespaced" from plugin acme/bad is left out: its name is not namespaced like "acme/word-count".',
    );
    assert.match(schemaless!.reason, /inputSchema/);
    assert.match(uncallable!.reason, /call function/);
    assert.match(keyless!.message, /^A tool from plugin acme\/keyless is left out: it failed to build: .*missing API key\.$/);
  });

  it('names both plugins for a duplicate name, and keeps the first contribution', async () => {
    const duplicate = registry.leftOut().find((t) => t.code === 'TOOL_DUPLICATE')!;
    assert.match(duplicate.message, /from plugin acme\/copy .*plugin acme\/good already contributes/);
    assert.deepEqual(await registry.call('acme/first', {}), { from: 'acme/first' });
  });

  it('refuses a call to a tool it left out with TOOL_INVALID naming the plugin', async () => {
    const refused = {
      code: 'TOOL_INVALID',
      exitCode: 5,
      message: /acme\/bad.*not namespaced/,
      details: { tool: 'Not Namespaced', plugin: 'acme/bad', reason: 'its name is not namespaced like "acme/word-count"' },
    };
    await assert.rejects(registry.call('Not Namespaced', {}), refused);
    assert.throws(() => registry.describe('Not Namespaced'), refused);
    assert.equal(registry.has('Not Namespaced'), false);
  });

  it('tells a caller asking for an unknown tool which contributions could not be built', async () => {
    await assert.rejects(registry.call('acme/lookup', {}), {
      code: 'TOOL_NOT_FOUND',
      message: /^No tool named acme\/lookup\. 1 tool contribution.*acme\/keyless.*missing API key/,
    });
    await assert.rejects(ToolRegistryService.of([]).call('acme/lookup', {}), {
      code: 'TOOL_NOT_FOUND',
      message: 'No tool named acme/lookup.',
    });
  });
});

describe('a tool call that fails', () => {
  const failing = (error: unknown): Tool => ({
    ...tool('acme/flaky'),
    call: () => {
      throw error;
    },
  });

  it('becomes TOOL_FAILED naming the tool and its plugin when the tool throws a plain error', async () => {
    const registry = ToolRegistryService.of([failing(new Error('socket hang up'))], 'acme/remote');
    await assert.rejects(registry.call('acme/flaky', {}), (error: EpError) => {
      assert.equal(error.code, 'TOOL_FAILED');
      assert.equal(error.exitCode, 1);
      assert.equal(error.message, 'Tool acme/flaky from plugin acme/remote failed: socket hang up');
      assert.deepEqual(error.details, { tool: 'acme/flaky', plugin: 'acme/remote' });
      assert.equal((error.cause as Error).message, 'socket hang up');
      return true;
    });
  });

  it('keeps the code, exit code, message and suggestion of an EpError the tool throws, adding the tool and plugin', async () => {
    const thrown = new EpError('ACME_QUOTA', 'The acme quota is used up.', {
      exitCode: 6,
      suggestion: 'Wait an hour.',
      details: { quota: 100 },
    });
    const registry = ToolRegistryService.of([failing(thrown)], 'acme/remote');
    await assert.rejects(registry.call('acme/flaky', {}), {
      code: 'ACME_QUOTA',
      exitCode: 6,
      message: 'The acme quota is used up.',
      suggestion: 'Wait an hour.',
      details: { quota: 100, tool: 'acme/flaky', plugin: 'acme/remote' },
    });
  });

  it('keeps the plugin an inner boundary named, such as a service the tool reads', async () => {
    const inner = new EpError('PLUGIN_SERVICE_FAILED', 'Plugin acme/index failed to build service acme.Index: corrupt', {
      details: { plugin: 'acme/index', service: 'acme.Index' },
    });
    const registry = ToolRegistryService.of([failing(inner)], 'acme/remote');
    await assert.rejects(registry.call('acme/flaky', {}), {
      code: 'PLUGIN_SERVICE_FAILED',
      details: { plugin: 'acme/index', service: 'acme.Index', tool: 'acme/flaky' },
    });
  });

  it("reports an input schema that cannot be compiled as the tool's fault, naming its plugin", async () => {
    const registry = ToolRegistryService.of([{ ...tool('acme/odd'), inputSchema: { type: 'no-such-type' } }], 'acme/odd');
    await assert.rejects(registry.call('acme/odd', {}), {
      code: 'TOOL_INVALID',
      exitCode: 5,
      details: { tool: 'acme/odd', plugin: 'acme/odd' },
    });
  });
});
