import type { SearchDocument, SearchEngine, SearchHit, SearchIndex, SearchIndexOptions, SearchQueryOptions } from '../search-engine.js';
import { Bm25Index } from './bm25-index.js';
import { bm25IndexFile } from './bm25-index-file.js';
import { documentCorpus } from './bm25-index-builder.js';
import { searchOnceBm25 } from './bm25-single-query.js';

/** The default search engine: EDSL-compatible BM25 over the document's fields joined in order. */
export class Bm25SearchEngine implements SearchEngine {
  readonly name = 'bm25';
  readonly persistedIndex = bm25IndexFile;

  buildIndex(documents: readonly SearchDocument[], options: SearchIndexOptions = {}): SearchIndex {
    return new Bm25Index(documentCorpus(documents, options.fields));
  }

  /** One query without an index: a single scan of the text, the same hits and scores as an index search. */
  searchOnce(documents: readonly SearchDocument[], query: string, options: SearchIndexOptions & SearchQueryOptions = {}): SearchHit[] {
    return (
      searchOnceBm25(documents, query, options.fields, options.topK) ??
      this.buildIndex(documents, options).search(query, options.topK === undefined ? {} : { topK: options.topK })
    );
  }
}
