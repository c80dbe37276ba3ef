import type { PluginNames } from '../plugin-names.js';
import { singleServicePluginSource, type PluginKind } from './plugin-kind.js';

/** A tokenizer (ep.Tokenizer) that counts words and symbols: an estimate, for models without a public BPE table. */
export const tokenizerKind: PluginKind = {
  kind: 'tokenizer',
  summary: 'provides a tokenizer (ep.Tokenizer) that estimates tokens as words and symbols',
  files: (names: PluginNames, engine: string) => ({
    'src/index.ts': singleServicePluginSource(names, engine, {
      token: 'Tokenizer',
      suffix: 'Tokenizer',
      description: 'Estimates tokens as words and symbols.',
      bind: 'value',
    }),
    [`src/${names.name}-tokenizer.ts`]: `import type { TokenCounter, Tokenizer } from 'ep-runtime/plugin';

const TOKEN = /\\p{L}+|\\p{N}+|[^\\s\\p{L}\\p{N}]/gu;

export class ${names.pascal}Tokenizer implements Tokenizer {
  readonly name = '${names.name}';
  readonly exact = false;

  async load(): Promise<TokenCounter> {
    return { count: (text) => text.match(TOKEN)?.length ?? 0 };
  }
}
`,
    'test/conformance.test.ts': `import { Tokenizer } from 'ep-runtime/plugin';
import { fromPlugin, runConformance, tokenizerConformance } from 'ep-runtime/testing';
import plugin from '../src/index.js';

await runConformance(tokenizerConformance(fromPlugin(plugin, Tokenizer)));
`,
  }),
};
