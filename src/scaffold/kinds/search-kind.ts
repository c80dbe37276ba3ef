import type { PluginNames } from '../plugin-names.js';
import { singleServicePluginSource, type PluginKind } from './plugin-kind.js';

/** A search engine (ep.SearchEngine): TF-IDF over Unicode words, a starting point for another ranking function. */
export const searchKind: PluginKind = {
  kind: 'search',
  summary: 'provides a search engine (ep.SearchEngine) ranking by TF-IDF over Unicode words',
  files: (names: PluginNames, engine: string) => ({
    'src/index.ts': singleServicePluginSource(names, engine, {
      token: 'SearchEngine',
      suffix: 'Engine',
      description: 'Ranks records by TF-IDF over Unicode words.',
      bind: 'class',
    }),
    [`src/${names.name}-engine.ts`]: `import type {
  SearchDocument,
  SearchEngine,
  SearchHit,
  SearchIndex,
  SearchIndexOptions,
  SearchQueryOptions,
} from 'ep-runtime/plugin';

/** Lower-cased runs of letters and digits, in any script. */
function words(text: string): string[] {
  return text.toLowerCase().split(/[^\\p{L}\\p{N}]+/u).filter((word) => word.length > 0);
}

export class ${names.pascal}Engine implements SearchEngine {
  readonly name = '${names.name}';

  buildIndex(documents: readonly SearchDocument[], options: SearchIndexOptions = {}): SearchIndex {
    const termCounts = documents.map((document) => {
      const counts = new Map<string, number>();
      const fields = options.fields ?? Object.keys(document);
      for (const field of fields) {
        for (const word of words(document[field] ?? '')) counts.set(word, (counts.get(word) ?? 0) + 1);
      }
      return counts;
    });
    const documentFrequency = new Map<string, number>();
    for (const counts of termCounts) for (const word of counts.keys()) documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
    return {
      size: documents.length,
      search(query: string, queryOptions: SearchQueryOptions = {}): SearchHit[] {
        const terms = [...new Set(words(query))];
        const hits: SearchHit[] = [];
        termCounts.forEach((counts, index) => {
          let score = 0;
          for (const term of terms) {
            const frequency = counts.get(term) ?? 0;
            if (frequency > 0) score += frequency * Math.log(1 + documents.length / documentFrequency.get(term)!);
          }
          if (score > 0) hits.push({ index, score });
        });
        hits.sort((a, b) => b.score - a.score || a.index - b.index);
        return queryOptions.topK === undefined ? hits : hits.slice(0, queryOptions.topK);
      },
    };
  }
}
`,
    'test/conformance.test.ts': `import { SearchEngine } from 'ep-runtime/plugin';
import { fromPlugin, runConformance, searchEngineConformance } from 'ep-runtime/testing';
import plugin from '../src/index.js';

// The checks every ep search engine must pass, run against this plugin loaded into a real runtime.
await runConformance(searchEngineConformance(fromPlugin(plugin, SearchEngine)));
`,
  }),
};
