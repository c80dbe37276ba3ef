import { DEFAULT_SEARCH_FIELDS, searchDocuments } from '../records/document-text.js';
import type { Scenario } from '../records/scenario.js';
import { assertReadable, isReadable } from '../records/unreadable-record.js';
import type { SearchEngineContract } from '../search/search-engine.js';
import { searchOnce } from '../search/search-once.js';
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
 * from the first (first-package-wins), so one index ranks everything and scores are comparable. A stored
 * record that cannot be read (see unreadable-record.ts) holds its key but is in no search, and asking for
 * it gives its error.
 */
export class ContextCorpus {
  /** The readable records. */
  readonly records: Scenario[] = [];
  /** The package each record of `records` came from. */
  readonly origins: string[] = [];
  /** Keys held by more than one package: every package holding each, first (the one used) first. */
  readonly duplicates = new Map<string, string[]>();
  private readonly byKey = new Map<string, number>();
  private readonly unreadable = new Map<string, { record: Scenario; origin: string }>();

  constructor(packages: readonly CorpusPackage[], readonly keyField = 'key') {
    for (const pkg of packages) {
      for (const record of pkg.records) {
        const key = record[keyField];
        const readable = isReadable(record);
        if (typeof key === 'string') {
          const first = this.byKey.get(key);
          const firstOrigin = first === undefined ? this.unreadable.get(key)?.origin : this.origins[first];
          if (firstOrigin !== undefined) {
            // Only copies across packages are reported; a package's own duplicates are its business.
            const holders = this.duplicates.get(key) ?? [firstOrigin];
            if (!holders.includes(pkg.shown)) holders.push(pkg.shown);
            if (holders.length > 1) this.duplicates.set(key, holders);
            continue;
          }
          if (readable) this.byKey.set(key, this.records.length);
          else this.unreadable.set(key, { record, origin: pkg.shown });
        }
        if (!readable) continue;
        this.records.push(record);
        this.origins.push(pkg.shown);
      }
    }
  }

  /** `DUPLICATE_CONTEXT_KEY` warnings for the given keys (all duplicated keys when absent), twenty at most. */
  warningsFor(keys?: Iterable<string>): ContextWarning[] {
    const wanted = keys === undefined ? [...this.duplicates.keys()] : [...new Set(keys)].filter((key) => this.duplicates.has(key));
    const warnings = wanted.slice(0, MAX_DUPLICATE_WARNINGS).map((key) => {
      const [used, ...others] = this.duplicates.get(key)!;
      return { code: 'DUPLICATE_CONTEXT_KEY', message: `Key "${key}" is in ${used} and ${others.join(', ')}; using ${used}.` };
    });
    if (wanted.length > MAX_DUPLICATE_WARNINGS) {
      warnings.push({ code: 'DUPLICATE_CONTEXT_KEY', message: `${wanted.length - MAX_DUPLICATE_WARNINGS} more keys are in more than one active package; the first package wins.` });
    }
    return warnings;
  }

  /** The record with `key` and the package it came from; a record that cannot be read throws its error. */
  get(key: string): { record: Scenario; origin: string } | undefined {
    const unreadable = this.unreadable.get(key);
    if (unreadable) assertReadable(unreadable.record);
    const index = this.byKey.get(key);
    return index === undefined ? undefined : { record: this.records[index]!, origin: this.origins[index]! };
  }

  search(engine: SearchEngineContract, query: string, options: { fields?: readonly string[]; topK?: number }): ContextMatch[] {
    const documents = searchDocuments(this.records, options.fields);
    return searchOnce(engine, documents, query, { fields: options.fields ?? DEFAULT_SEARCH_FIELDS, ...(options.topK === undefined ? {} : { topK: options.topK }) })
      .map((hit) => ({ score: hit.score, context_path: this.origins[hit.index]!, scenario: this.records[hit.index]! }));
  }
}
