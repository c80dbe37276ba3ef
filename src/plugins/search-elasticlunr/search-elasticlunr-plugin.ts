import { definePlugin } from '../../kernel/plugin.js';
import { SearchEngine } from '../../search/search-engine.js';
import { EP_VERSION } from '../../version.js';

export interface SearchElasticlunrOptions {
  /** Per-field weights, for example `{"title": 2, "tags": 1.5}`. */
  readonly boosts?: Record<string, number>;
}

/**
 * An alternative search engine (TF-IDF via elasticlunr), chosen in `.edsl/ep.json` with
 * `{"providers": {"ep.SearchEngine": "builtin/search-elasticlunr"}}`.
 */
export const searchElasticlunrPlugin = definePlugin<SearchElasticlunrOptions>((options = {}) => ({
  id: 'builtin/search-elasticlunr',
  version: EP_VERSION,
  engine: `^${EP_VERSION}`,
  description: 'elasticlunr search (TF-IDF) with the context tokenizer and optional per-field boosts.',
  provides: [SearchEngine],
  async register(registry) {
    const { ElasticlunrSearchEngine } = await import('../../search/elasticlunr/elasticlunr-engine.js');
    registry.registerValue(SearchEngine, new ElasticlunrSearchEngine(options.boosts ? { boosts: options.boosts } : {}));
  },
}));
