import { definePlugin } from '../../kernel/plugin.js';
import { SearchEngine } from '../../search/search-engine.js';
import { EP_VERSION } from '../../version.js';

/** The default search engine: BM25Okapi with EDSL's parameters and the context tokenizer. */
export const searchBm25Plugin = definePlugin(() => ({
  id: 'builtin/search-bm25',
  version: EP_VERSION,
  engine: `^${EP_VERSION}`,
  description: 'BM25 search (EDSL-compatible scores), integer term ids and typed-array postings.',
  provides: [SearchEngine],
  async register(registry) {
    const { Bm25SearchEngine } = await import('../../search/bm25/bm25-engine.js');
    registry.registerValue(SearchEngine, new Bm25SearchEngine());
  },
}));
