import type { SearchDocument, SearchEngine, SearchHit, SearchIndexOptions } from './search-engine.js';

/**
 * One query over documents that will not be searched again: the engine's single-query path when it has
 * one (same hits by contract), else a throwaway index.
 */
export function searchOnce(
  engine: SearchEngine,
  documents: readonly SearchDocument[],
  query: string,
  options: SearchIndexOptions & { topK?: number },
): SearchHit[] {
  if (engine.searchOnce) return engine.searchOnce(documents, query, options);
  const { topK, ...indexOptions } = options;
  return engine.buildIndex(documents, indexOptions).search(query, topK === undefined ? {} : { topK });
}
