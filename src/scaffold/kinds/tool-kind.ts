import type { PluginNames } from '../plugin-names.js';
import type { PluginKind } from './plugin-kind.js';

/** A read-only tool that counts the words and tokens of a text: a class built by the kernel from an explicit dependency list. */
export const toolKind: PluginKind = {
  kind: 'tool',
  summary: 'contributes a read-only tool (ep.Tool) that counts the words and tokens of a text',
  files: (names: PluginNames, engine: string) => ({
    'src/index.ts': `import { definePlugin, Tokenizer, Tool } from 'ep-runtime/plugin';
import { ${names.pascal}Options } from './${names.name}-options.js';
import { ${names.pascal}Tool } from './${names.name}-tool.js';

/**
 * The ${names.id} plugin. ep checks config options against the schema below before this factory runs, so
 * the options the tool sees are always well formed.
 */
export default definePlugin<${names.pascal}Options>((options = {}) => ({
  id: '${names.id}',
  version: '0.1.0',
  engine: '${engine}',
  description: 'Counts the words and tokens of a text.',
  provides: [Tool, ${names.pascal}Options],
  requires: [Tokenizer],
  register(registry) {
    registry.registerValue(${names.pascal}Options, options);
    // The kernel builds the tool once, on first use, passing these services in this order.
    registry.registerClass(Tool, ${names.pascal}Tool, [Tokenizer, ${names.pascal}Options]);
  },
}), {
  id: '${names.id}',
  optionsSchema: {
    type: 'object',
    properties: { longest: { type: 'integer', minimum: 1, maximum: 100 } },
    additionalProperties: false,
  },
});
`,
    [`src/${names.name}-options.ts`]: `import { createToken } from 'ep-runtime/plugin';

/** What a project may set for this plugin (\`"options": {"${names.id}": {...}}\` in .edsl/ep.json). */
export interface ${names.pascal}Options {
  /** How many of the longest words to report (3 by default). */
  readonly longest?: number;
}

/** The options the plugin was started with, bound under the plugin's own token so its tool can take them. */
export const ${names.pascal}Options = createToken<${names.pascal}Options>('${names.namespace}.${names.pascal}Options');
`,
    [`src/${names.name}-tool.ts`]: `import {
  EpError,
  ExitCode,
  type JsonSchema,
  type Tokenizer,
  type Tool,
  type ToolCapability,
} from 'ep-runtime/plugin';
import type { ${names.pascal}Options } from './${names.name}-options.js';

export interface ${names.pascal}Input {
  readonly text: string;
}

export interface ${names.pascal}Output {
  readonly words: number;
  readonly tokens: number;
  readonly tokenizer: string;
  readonly longest: string[];
}

export class ${names.pascal}Tool implements Tool {
  readonly name = '${names.id}';
  readonly description = 'Count the words and tokens of a text, and name its longest words.';
  readonly inputSchema: JsonSchema = {
    type: 'object',
    properties: { text: { type: 'string', description: 'The text to count' } },
    required: ['text'],
    additionalProperties: false,
  };
  readonly outputSchema: JsonSchema = {
    type: 'object',
    properties: {
      words: { type: 'integer', minimum: 1 },
      tokens: { type: 'integer', minimum: 0 },
      tokenizer: { type: 'string' },
      longest: { type: 'array', items: { type: 'string' } },
    },
    required: ['words', 'tokens', 'tokenizer', 'longest'],
  };
  readonly capabilities: readonly ToolCapability[] = ['read_only', 'idempotent'];

  constructor(
    private readonly tokenizer: Tokenizer,
    private readonly options: ${names.pascal}Options,
  ) {}

  async call(input: ${names.pascal}Input): Promise<${names.pascal}Output> {
    const words = input.text.split(/\\s+/u).filter((word) => word.length > 0);
    if (words.length === 0) {
      throw new EpError('${errorCode(names)}', 'There are no words to count in the text.', {
        exitCode: ExitCode.validation,
        suggestion: 'Pass a text with at least one word: {"text": "..."}.',
      });
    }
    const counter = await this.tokenizer.load();
    const longest = [...new Set(words)]
      .sort((a, b) => [...b].length - [...a].length || (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, this.options.longest ?? 3);
    return { words: words.length, tokens: counter.count(input.text), tokenizer: this.tokenizer.name, longest };
  }
}
`,
    'test/conformance.test.ts': `import { Tool } from 'ep-runtime/plugin';
import { fromPluginContribution, runConformance, toolConformance } from 'ep-runtime/testing';
import plugin from '../src/index.js';

// The checks every ep tool must pass, run against this plugin loaded into a real runtime.
await runConformance(
  toolConformance(fromPluginContribution(plugin, Tool, (tool) => tool.name === '${names.id}'), {
    validInputs: [{ text: 'count these words' }, { text: 'café ☕ naïve résumé' }],
    invalidInputs: [{}, { text: 42 }, { text: 'words', extra: true }],
  }),
);
`,
    [`test/${names.name}.test.ts`]: `import assert from 'node:assert/strict';
import { it } from 'node:test';
import { Tool } from 'ep-runtime/plugin';
import { fromPluginContribution, withSubject } from 'ep-runtime/testing';
import plugin from '../src/index.js';

const toolWith = (options: { longest?: number }) =>
  fromPluginContribution(plugin, Tool, (tool) => tool.name === '${names.id}', { options });

it('counts words and tokens and names the longest words', () =>
  withSubject(toolWith({ longest: 2 }), async (tool) => {
    const output = (await tool.call({ text: 'a conjoint pricing pilot' }, {})) as { words: number; tokens: number; longest: string[] };
    assert.equal(output.words, 4);
    assert.ok(output.tokens >= 4, 'each word is at least one token');
    assert.deepEqual(output.longest, ['conjoint', 'pricing']);
  }));

it('refuses a text with no words, with its own error code', () =>
  withSubject(toolWith({}), async (tool) => {
    await assert.rejects(Promise.resolve(tool.call({ text: '   ' }, {})), (error: { code?: string; exitCode?: number }) =>
      error.code === '${errorCode(names)}' && error.exitCode === 5);
  }));
`,
  }),
};

/** The tool's own error code for a text with no words: `WORD_STATS_NO_WORDS`. */
export function errorCode(names: PluginNames): string {
  return `${names.name.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}_NO_WORDS`;
}
