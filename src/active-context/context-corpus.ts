import { DEFAULT_SEARCH_FIELDS, searchDocuments } from '../records/document-text.js';
import type { Scenario } from '../records/scenario.js';
import type { SearchEngineContract } from '../search/search-engine.js';
import type { ContextMatch, ContextWarning } from './context-records-contract.js';

export interface CorpusPackage {
  /** The path as shown to the user. */
  readonly shown: string;
  readonly records: readonly Scenario[];
}

/** How many duplicate-key warnings are listed one by one before the rest are summed up. */
const MAX_DUPLICATE_WARNINGS = 20;

/**
 * The active packages read as one corpus: records in package order, a key present in several packages kept
 * from the first (first-package-wins), so one index ranks everything and scores are comparable.
 */
export class ContextCorpus {
  readonly records: Scenario[] = [];
  /** The package each record of `records` came from. */
  readonly origins: string[] = [];
  readonly warnings: ContextWarning[] = [];
  private readonly byKey = new Map<string, number>();

  constructor(packages: readonly CorpusPackage[], readonly keyField = 'key') {
    const shadowed: string[] = [];
    for (const pkg of packages) {
      for (const record of pkg.records) {
        const key = record[keyField];
        if (typeof key === 'string') {
          const first = this.byKey.get(key);
          if (first !== undefined) {
            // Only copies across packages are reported; a package's own duplicates are its business.
            if (this.origins[first] !== pkg.shown) shadowed.push(`Key "${key}" is in ${this.origins[first]} and ${pkg.shown}; using ${this.origins[first]}.`);
            continue;
          }
          this.byKey.set(key, this.records.length);
        }
        this.records.push(record);
        this.origins.push(pkg.shown);
      }
    }
    for (const message of shadowed.slice(0, MAX_DUPLICATE_WARNINGS)) this.warnings.push({ code: 'DUPLICATE_CONTEXT_KEY', message });
    if (shadowed.length > MAX_DUPLICATE_WARNINGS) {
      this.warnings.push({ code: 'DUPLICATE_CONTEXT_KEY', message: `${shadowed.length - MAX_DUPLICATE_WARNINGS} more keys are in more than one active package; the first package wins.` });
    }
  }

  /** The record with `key` and the package it came from. */
  get(key: string): { record: Scenario; origin: string } | undefined {
    const index = this.byKey.get(key);
    return index === undefined ? undefined : { record: this.records[index]!, origin: this.origins[index]! };
  }

  search(engine: SearchEngineContract, query: string, options: { fields?: readonly string[]; topK?: number }): ContextMatch[] {
    const documents = searchDocuments(this.records, options.fields);
    const index = engine.buildIndex(documents, { fields: options.fields ?? DEFAULT_SEARCH_FIELDS });
    return index.search(query, options.topK === undefined ? {} : { topK: options.topK })
      .map((hit) => ({ score: hit.score, context_path: this.origins[hit.index]!, scenario: this.records[hit.index]! }));
  }
}
