import elasticlunr from 'elasticlunr';
import type { SearchDocument, SearchEngine, SearchHit, SearchIndex, SearchIndexOptions, SearchQueryOptions } from '../search-engine.js';
import { tokenize } from '../tokenize.js';
import { EpError, ExitCode } from '../../kernel/errors.js';

export interface ElasticlunrEngineOptions {
  /** Per-field weights applied at query time (elasticlunr's `boost`); fields not named weigh 1. */
  readonly boosts?: Readonly<Record<string, number>>;
}

type FieldTokens = Record<string, string[]>;

/** The document reference: a symbol, so no field name (not even `id`) can collide with it. */
const POSITION = Symbol('position');

/**
 * The same search contract served by elasticlunr (TF-IDF with field-length and coordination norms, not
 * BM25). Documents and queries are tokenized with the context tokenizer before elasticlunr sees them, and
 * the index's pipeline is left empty, so no stemming, stop words or trimming apply: a token matches exactly
 * when it would for BM25. elasticlunr re-splits array items on whitespace and hyphens and lowercases them,
 * which leaves the context tokenizer's output unchanged.
 */
export class ElasticlunrSearchEngine implements SearchEngine {
  readonly name = 'elasticlunr';

  constructor(private readonly defaults: ElasticlunrEngineOptions = {}) {
    const boosts: unknown = defaults.boosts;
    if (boosts !== undefined && (boosts === null || typeof boosts !== 'object' || Array.isArray(boosts))) {
      throw new EpError(
        'SEARCH_BOOST_INVALID',
        `The elasticlunr boosts must be an object of field weights, got ${JSON.stringify(boosts)}.`,
        { exitCode: ExitCode.validation, details: { boosts } },
      );
    }
    for (const [field, boost] of Object.entries(defaults.boosts ?? {})) {
      if (typeof boost !== 'number' || !Number.isFinite(boost) || boost < 0) {
        throw new EpError(
          'SEARCH_BOOST_INVALID',
          `The elasticlunr boost for field ${field} must be a number >= 0, got ${JSON.stringify(boost)}.`,
          { exitCode: ExitCode.validation, details: { field, boost } },
        );
      }
    }
  }

  buildIndex(documents: readonly SearchDocument[], options: SearchIndexOptions = {}): SearchIndex {
    const fields = [...(options.fields ?? fieldsOf(documents))];
    const boosts = { ...this.defaults.boosts, ...options.boosts };
    // `new Index` (not the `elasticlunr()` factory) starts with an empty pipeline.
    const index = new elasticlunr.Index<FieldTokens>();
    index.setRef(POSITION as unknown as keyof FieldTokens);
    index.saveDocument(false);
    for (const field of fields) index.addField(field);
    documents.forEach((document, position) => {
      const tokens: FieldTokens & { [POSITION]?: number } = {};
      for (const field of fields) tokens[field] = document[field] ? tokenize(document[field]) : [];
      tokens[POSITION] = position;
      index.addDoc(tokens, false);
    });
    return new ElasticlunrIndex(index, documents.length, fields, boosts);
  }
}

class ElasticlunrIndex implements SearchIndex {
  /** Every field is listed: with a user config elasticlunr searches only the fields it names. */
  private readonly config: elasticlunr.SearchConfig<FieldTokens>;

  constructor(
    private readonly index: elasticlunr.Index<FieldTokens>,
    readonly size: number,
    fields: readonly string[],
    boosts: Readonly<Record<string, number>>,
  ) {
    const fieldConfig: Record<string, { boost: number; bool: 'OR'; expand: false }> = {};
    for (const field of fields) fieldConfig[field] = { boost: boosts[field] ?? 1, bool: 'OR', expand: false };
    this.config = { fields: fieldConfig, bool: 'OR', expand: false };
  }

  search(query: string, options: SearchQueryOptions = {}): SearchHit[] {
    const tokens = tokenize(query);
    if (tokens.length === 0 || this.size === 0) return [];
    // elasticlunr tokenizes arrays item by item, so the query reaches it already tokenized.
    const results = this.index.search(tokens as unknown as string, this.config);
    const hits: SearchHit[] = [];
    for (const result of results) if (result.score > 0) hits.push({ index: Number(result.ref), score: result.score });
    hits.sort((a, b) => b.score - a.score || a.index - b.index);
    return options.topK === undefined ? hits : hits.slice(0, Math.max(0, options.topK));
  }
}

function fieldsOf(documents: readonly SearchDocument[]): string[] {
  const fields = new Set<string>();
  for (const document of documents) for (const field of Object.keys(document)) fields.add(field);
  return [...fields];
}
