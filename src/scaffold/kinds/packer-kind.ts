import type { PluginNames } from '../plugin-names.js';
import { singleServicePluginSource, type PluginKind } from './plugin-kind.js';

/** A context packer (ep.ContextPacker) rendering ranked records as a numbered list within the character budget. */
export const packerKind: PluginKind = {
  kind: 'packer',
  summary: 'provides a context packer (ep.ContextPacker) rendering ranked records as a numbered list',
  files: (names: PluginNames, engine: string) => ({
    'src/index.ts': singleServicePluginSource(names, engine, {
      token: 'ContextPacker',
      suffix: 'Packer',
      description: 'Renders ranked records as a numbered list.',
      bind: 'value',
    }),
    [`src/${names.name}-packer.ts`]: `import type { ContextPacker, PackRequest, PackResult } from 'ep-runtime/plugin';

/** Budgets count code points, so an emoji costs one character however many UTF-16 units it takes. */
const length = (text: string) => [...text].length;

export class ${names.pascal}Packer implements ContextPacker {
  pack(request: PackRequest): PackResult {
    const lines: string[] = [];
    const includedKeys: string[] = [];
    const includedPositions: number[] = [];
    let used = 0;
    request.matches.forEach((match, position) => {
      const key = String(match.scenario[request.keyField] ?? '');
      const summary = match.scenario.summary;
      const line = (lines.length + 1) + '. ' + key + (typeof summary === 'string' ? ': ' + summary : '');
      const cost = length(line) + (lines.length > 0 ? 1 : 0);
      if (used + cost > request.charBudget) return;
      lines.push(line);
      includedKeys.push(key);
      includedPositions.push(position);
      used += cost;
    });
    return {
      promptContext: lines.join('\\n'),
      includedKeys,
      includedPositions,
      omitted: request.matches.length - includedKeys.length,
      truncated: false,
    };
  }
}
`,
    'test/conformance.test.ts': `import { ContextPacker } from 'ep-runtime/plugin';
import { fromPlugin, packerConformance, runConformance } from 'ep-runtime/testing';
import plugin from '../src/index.js';

await runConformance(packerConformance(fromPlugin(plugin, ContextPacker)));
`,
  }),
};
