import type { SearchDocument, SearchEngineContract, SearchIndex, SearchIndexOptions } from '../search-engine.js';
import { tokenize } from '../tokenize.js';
import { Bm25Index } from './bm25-index.js';

/** The default search engine: EDSL-compatible BM25 over the document's fields joined in order. */
export class Bm25SearchEngine implements SearchEngineContract {
  readonly name = 'bm25';

  buildIndex(documents: readonly SearchDocument[], options: SearchIndexOptions = {}): SearchIndex {
    const fields = options.fields;
    return new Bm25Index(documents.map((document) => {
      const tokens: string[] = [];
      for (const field of fields ?? Object.keys(document)) {
        const text = document[field];
        if (text) for (const token of tokenize(text)) tokens.push(token);
      }
      return tokens;
    }));
  }
}
