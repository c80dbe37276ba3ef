import assert from 'node:assert/strict';
import { it } from 'node:test';
import { Kernel } from '../../../src/kernel/kernel.js';
import type { EpPlugin } from '../../../src/kernel/plugin.js';
import { toolsPlugin } from '../../../src/plugins/tools/tools-plugin.js';
import { Tool, ToolRegistry } from '../../../src/skills/tool.js';

const contributing = (id: string, register: EpPlugin['register']): EpPlugin => ({
  id,
  version: '1.0.0',
  engine: '*',
  provides: [Tool],
  register,
});
const echo = (name: string): Tool => ({
  name,
  description: name,
  capabilities: ['read_only'],
  inputSchema: { type: 'object' },
  call: () => name,
});

it('the built-in registry names the plugin behind each contribution, and one failing tool factory hides no other tool', async () => {
  const kernel = new Kernel([
    { origin: 'builtin', plugin: toolsPlugin() },
    { origin: 'api', plugin: contributing('acme/good', (r) => r.registerValue(Tool, echo('acme/echo'))) },
    {
      origin: 'api',
      plugin: contributing('acme/keyless', (r) =>
        r.registerFactory(Tool, () => {
          throw new Error('missing API key');
        }),
      ),
    },
    { origin: 'api', plugin: contributing('acme/copy', (r) => r.registerFactory(Tool, () => echo('acme/echo'))) },
  ]);
  await kernel.start();
  const registry = kernel.get(ToolRegistry);
  assert.deepEqual(
    registry.list().map((t) => t.name),
    ['acme/echo'],
  );
  assert.deepEqual(
    registry.leftOut!().map(({ plugin, code }) => [plugin, code]),
    [
      ['acme/keyless', 'PLUGIN_SERVICE_FAILED'],
      ['acme/copy', 'TOOL_DUPLICATE'],
    ],
  );
  assert.match(registry.leftOut!()[0]!.message, /acme\/keyless.*missing API key/);
  assert.match(registry.leftOut!()[1]!.message, /acme\/copy.*acme\/good/);
  await kernel.shutdown();
});
