import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CorpusContext, ToolInfo } from '../../stress/bad-input/cases.js';
import { buildCliCorpus, CLI_FACTORIES, schemaViolation } from '../../stress/bad-input/cli-corpus.js';
import { HOSTILE_PACKAGE_KINDS, hostilePackage } from '../../stress/bad-input/hostile-packages.js';
import { buildMcpCorpus } from '../../stress/bad-input/mcp-corpus.js';
import { beforeOrAfter } from '../../stress/targets/target.js';
import { SeededRandom } from '../../stress/support/random.js';
import { ToolRegistryService } from '../../src/skills/tool-registry.js';

const TOOL: ToolInfo = {
  name: 'acme/echo',
  capabilities: ['read_only'],
  inputSchema: {
    type: 'object',
    required: ['text'],
    additionalProperties: false,
    properties: { text: { type: 'string', minLength: 1 }, limit: { type: 'integer', minimum: 1, maximum: 9 } },
  },
};

const base = [
  { name: 'manifest.json', data: Buffer.from('{}') },
  { name: '.git/config', data: Buffer.from('[core]\n') },
];
const context = (seed: number): CorpusContext => ({
  random: new SeededRandom(seed),
  tools: [TOOL],
  outside: (name) => `/outside/${name}`,
  canaryCommand: (tag) => `touch /outside/canary-${tag}`,
  base,
  repo: () => [...base],
});

test('one seed always builds the same corpus; another seed builds another', async () => {
  const args = async (seed: number) => (await buildCliCorpus(context(seed), 60, CLI_FACTORIES)).map((c) => JSON.stringify(c.args));
  assert.deepEqual(await args(3), await args(3));
  assert.notDeepEqual(await args(3), await args(4));
  const mcp = (seed: number) => buildMcpCorpus(context(seed), 40).map((c) => c.callParams ?? c.description);
  assert.deepEqual(mcp(3), mcp(3));
});

test('every schema violation is refused by the tool registry', async () => {
  const registry = ToolRegistryService.of([{ ...TOOL, description: 'echo', call: async (input: unknown) => input } as never]);
  const random = new SeededRandom(11);
  for (let i = 0; i < 200; i += 1) {
    const { input } = schemaViolation(TOOL, random);
    await assert.rejects(registry.call(TOOL.name, input), /TOOL_INPUT_INVALID|Invalid input/, JSON.stringify(input));
  }
});

test('every hostile package kind builds an archive', () => {
  for (const kind of HOSTILE_PACKAGE_KINDS) {
    if (kind === 'zip bomb' || kind === 'lying sizes') continue; // 64 MiB of zeros: covered by the stress run
    assert.ok(hostilePackage(kind, base, context(1)).bytes.length > 0, kind);
  }
});

test('a crash may leave the state before or after a write, nothing else', () => {
  const state = (entries: [string, string][]) => ({ items: new Map(entries) });
  const write = { writer: 0, index: 1, key: 'k', value: 'v' };
  assert.equal(beforeOrAfter(state([['a', '1']]), state([['a', '1']]), write), undefined);
  assert.equal(
    beforeOrAfter(
      state([['a', '1']]),
      state([
        ['a', '1'],
        ['k', 'v'],
      ]),
      write,
    ),
    undefined,
  );
  assert.match(beforeOrAfter(state([['a', '1']]), state([['k', 'v']]), write)!, /lost/);
  assert.match(beforeOrAfter(state([['a', '1']]), state([['a', '2']]), write)!, /unexpected/);
  assert.match(beforeOrAfter(state([]), state([['k', 'half']]), write)!, /unexpected/);
});
