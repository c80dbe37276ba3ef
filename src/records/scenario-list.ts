import { EpError, ExitCode } from '../kernel/errors.js';
import type { SearchEngine } from '../search/search-engine.js';
import { searchOnce } from '../search/search-once.js';
import { DEFAULT_SEARCH_FIELDS, searchDocuments } from './document-text.js';
import { canonicalJson, type JsonValue } from './json.js';
import { getPath, type Codebook, type Scenario } from './scenario.js';
import type { DuplicatePolicy, RecordList } from './record-list.js';
import { isReadable } from './unreadable-record.js';

export interface ScoredScenario {
  readonly score: number;
  readonly scenario: Scenario;
}

export interface ScenarioSearchOptions {
  /** Fields (dotted paths allowed) to search; defaults to key, kind, title, summary, content, tags. */
  readonly fields?: readonly string[];
  readonly topK?: number;
  readonly includeScores?: boolean;
  /**
   * The engine to rank with, from the caller's runtime (`runtime.get(SearchEngine)`), so a configured search
   * plugin is the one used; `rankRecords` / `searchRecords` in the library API pass it for you.
   */
  readonly engine: SearchEngine;
  /** Per-field weights, for engines that support them (elasticlunr); BM25 ignores them, as EDSL does. */
  readonly boosts?: Readonly<Record<string, number>>;
}

export type { DuplicatePolicy };

/** An ordered list of records with an optional codebook, and generic indexing, lookup, upsert and search. */
export class ScenarioList implements RecordList {
  private readonly records: Scenario[];
  readonly codebook: Codebook | undefined;

  constructor(records: Iterable<Scenario> = [], codebook?: Codebook) {
    this.records = [...records];
    this.codebook = codebook;
  }

  /** `list` itself when it is a ScenarioList, else a ScenarioList of its records and codebook. */
  static from(list: RecordList): ScenarioList {
    return list instanceof ScenarioList ? list : new ScenarioList(list, list.codebook);
  }

  get length(): number {
    return this.records.length;
  }

  at(index: number): Scenario | undefined {
    return this.records[index];
  }

  [Symbol.iterator](): Iterator<Scenario> {
    return this.records[Symbol.iterator]();
  }

  toArray(): Scenario[] {
    return [...this.records];
  }

  /** A new list with this list's records followed by `other`'s (this list's codebook wins per field). */
  concat(other: RecordList): ScenarioList {
    const codebook = this.codebook || other.codebook ? { ...other.codebook, ...this.codebook } : undefined;
    return new ScenarioList([...this.records, ...other], codebook);
  }

  /**
   * A map from each value of `field` to its record. Duplicate values are an error naming the value and both
   * positions, unless `onDuplicate` says which one wins. Records without the field are left out.
   */
  indexBy(field: string, options: { onDuplicate?: DuplicatePolicy } = {}): Map<JsonValue, Scenario> {
    const policy = options.onDuplicate ?? 'error';
    const index = new Map<JsonValue, Scenario>();
    const positions = new Map<string, number>();
    this.records.forEach((record, position) => {
      const value = getPath(record, field);
      if (value === undefined) return;
      const identity = canonicalJson(value);
      const earlier = positions.get(identity);
      if (earlier !== undefined) {
        if (policy === 'error') {
          throw new EpError('DUPLICATE_KEY', `Duplicate ${field} ${JSON.stringify(value)} at positions ${earlier} and ${position}.`, {
            exitCode: ExitCode.validation,
            details: { field, value, positions: [earlier, position] },
            suggestion: 'Pass onDuplicate: "first" or "last" to choose which record wins.',
          });
        }
        if (policy === 'first') return;
      }
      positions.set(identity, position);
      // Composite values (objects, lists) are keyed by their canonical JSON so equal values collide.
      index.set(isComposite(value) ? identity : value, record);
    });
    return index;
  }

  /** The first record whose `field` equals `value`, or undefined. */
  lookup(field: string, value: JsonValue): Scenario | undefined {
    const identity = canonicalJson(value);
    return this.records.find((record) => matches(getPath(record, field), identity));
  }

  /** Every record whose `field` equals `value`, in list order. */
  lookupMany(field: string, value: JsonValue): ScenarioList {
    const identity = canonicalJson(value);
    return new ScenarioList(
      this.records.filter((record) => matches(getPath(record, field), identity)),
      this.codebook,
    );
  }

  /**
   * Replaces the first record whose `field` equals the new record's, keeping its position, or appends.
   * Returns a new list unless `inPlace`, which mutates and returns this list.
   */
  upsert(field: string, record: Scenario, options: { inPlace?: boolean } = {}): ScenarioList {
    const value = getPath(record, field);
    if (value === undefined) {
      throw new EpError('MISSING_KEY', `The record has no ${field} field to upsert by.`, {
        exitCode: ExitCode.validation,
        details: { field },
      });
    }
    const identity = canonicalJson(value);
    const target = options.inPlace ? this : new ScenarioList(this.records, this.codebook);
    const position = target.records.findIndex((existing) => matches(getPath(existing, field), identity));
    if (position >= 0) target.records[position] = record;
    else target.records.push(record);
    return target;
  }

  /** Ranked by score (descending, ties in list order); records scoring 0 and unreadable ones are left out; topK applies last. */
  search(query: string, options: ScenarioSearchOptions & { includeScores: true }): ScoredScenario[];
  search(query: string, options: ScenarioSearchOptions & { includeScores?: false }): ScenarioList;
  search(query: string, options?: Partial<ScenarioSearchOptions>): ScenarioList | ScoredScenario[] {
    // Typed as required, checked anyway: plain JavaScript callers get SEARCH_ENGINE_REQUIRED, not a TypeError.
    const hits = this.rank(query, options ?? {});
    if (options?.includeScores) return hits;
    return new ScenarioList(
      hits.map((hit) => hit.scenario),
      this.codebook,
    );
  }

  private rank(query: string, options: Partial<ScenarioSearchOptions>): ScoredScenario[] {
    const engine = requireEngine(options.engine);
    const fields = options.fields ?? DEFAULT_SEARCH_FIELDS;
    const records = this.records.filter(isReadable);
    const documents = searchDocuments(records, options.fields);
    const hits = searchOnce(engine, documents, query, {
      fields,
      ...(options.boosts ? { boosts: options.boosts } : {}),
      ...(options.topK === undefined ? {} : { topK: options.topK }),
    });
    return hits.map((hit) => ({ score: hit.score, scenario: records[hit.index]! }));
  }
}

/** No module-level default: an engine built here would ignore the search plugin the runtime was configured with. */
function requireEngine(engine: SearchEngine | undefined): SearchEngine {
  if (engine) return engine;
  throw new EpError('SEARCH_ENGINE_REQUIRED', 'ScenarioList.search needs a search engine in the engine field.', {
    exitCode: ExitCode.usage,
    details: { field: 'engine' },
    suggestion: "Pass engine: runtime.get(SearchEngine), or call rankRecords / searchRecords, which use the runtime's engine.",
  });
}

function isComposite(value: JsonValue): boolean {
  return value !== null && typeof value === 'object';
}

function matches(value: JsonValue | undefined, identity: string): boolean {
  return value !== undefined && canonicalJson(value) === identity;
}
