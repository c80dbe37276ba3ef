import { DEFAULT_SEARCH_FIELDS } from '../../records/document-text.js';
import type { Scenario } from '../../records/scenario.js';
import { assertReadable } from '../../records/unreadable-record.js';
import type { SearchDocument, SearchEngine, SearchIndex } from '../../search/search-engine.js';
import { searchOnce } from '../../search/search-once.js';
import type { ContextMatch, ContextWarning } from './context-records-contract.js';
import { recordsSource, type RecordSource } from './record-source.js';

/** A package's records, in memory or as a source that reads them on demand (the read cache's sidecar). */
export type CorpusPackage = {
  /** The path as shown to the user. */
  readonly shown: string;
} & ({ readonly records: readonly Scenario[] } | { readonly source: RecordSource });

interface KeyScan {
  readonly byKey: Map<string, number>;
  readonly duplicates: Map<string, string[]>;
}

/** The packages the lookups found a key in, when more than one (a package's own duplicates are its business). */
function holdersAmong(found: readonly { origin: string }[]): string[] {
  const origins = [...new Set(found.map((entry) => entry.origin))];
  return origins.length > 1 ? origins : [];
}

const NO_DUPLICATES: ReadonlyMap<string, string[]> = new Map();

/** How many duplicate-key warnings are listed one by one before the rest are summed up. */
const MAX_DUPLICATE_WARNINGS = 20;

/** What a warning about a key held by several packages says the command did with it. */
export type DuplicateUse = 'listed' | 'got';

/**
 * The active packages read as one corpus, as EDSL reads them: every record of every package, concatenated
 * in package order, so one BM25 ranking over the concatenation scores each record exactly as EDSL does. A key
 * several packages hold is ranked once per package (each match names its package); `get` resolves it to
 * the first package's record. A stored record that cannot be read (see unreadable-record.ts) holds its key
 * but is in no search, and asking for it gives its error.
 */
export class ContextCorpus {
  /** How many records the packages hold together. */
  readonly length: number;
  /** Each package's records, where they start in the concatenation, and its shown path. */
  private readonly sources: RecordSource[] = [];
  private readonly starts: number[] = [];
  private readonly shown: string[] = [];
  /** Keys and readability, scanned over every record when first needed (one package's search needs neither). */
  private scanned: KeyScan | undefined;
  private readablePositions: number[] | undefined | null = null;

  constructor(
    packages: readonly CorpusPackage[],
    readonly keyField = 'key',
  ) {
    let start = 0;
    for (const pkg of packages) {
      this.starts.push(start);
      this.shown.push(pkg.shown);
      const source = 'source' in pkg ? pkg.source : recordsSource(pkg.records);
      this.sources.push(source);
      start += source.length;
    }
    this.length = start;
  }

  /** Keys held by more than one package: every package holding each, in package order. */
  get duplicates(): ReadonlyMap<string, string[]> {
    return this.sources.length > 1 ? this.keys().duplicates : NO_DUPLICATES;
  }

  /** Positions in the concatenation of the readable records, when some are not (almost never: then undefined). */
  private get readable(): number[] | undefined {
    if (this.readablePositions !== null) return this.readablePositions;
    let positions: number[] | undefined;
    for (let index = 0; index < this.length; index += 1) {
      const pkg = this.packageOf(index);
      if (!this.sources[pkg]!.readable(index - this.starts[pkg]!)) positions ??= Array.from({ length: index }, (_, at) => at);
      else positions?.push(index);
    }
    return (this.readablePositions = positions);
  }

  /** Each key's first record (the first package's, and that package's first), and the keys several packages hold. */
  private keys(): KeyScan {
    if (this.scanned) return this.scanned;
    const byKey = new Map<string, number>();
    const duplicates = new Map<string, string[]>();
    for (let index = 0; index < this.length; index += 1) {
      const pkg = this.packageOf(index);
      const key = this.sources[pkg]!.stringField(index - this.starts[pkg]!, this.keyField);
      if (key === undefined) continue;
      const first = byKey.get(key);
      if (first === undefined) {
        byKey.set(key, index);
        continue;
      }
      // Only copies across packages are reported; a package's own duplicates are its business.
      const origin = this.originOf(index);
      const holders = duplicates.get(key) ?? [this.originOf(first)];
      if (!holders.includes(origin)) holders.push(origin);
      if (holders.length > 1) duplicates.set(key, holders);
    }
    return (this.scanned = { byKey, duplicates });
  }

  /** The package (as shown) the record at `index` of the concatenation came from. */
  originOf(index: number): string {
    return this.shown[this.packageOf(index)]!;
  }

  /** The record at `index` of the concatenation. */
  record(index: number): Scenario {
    const pkg = this.packageOf(index);
    return this.sources[pkg]!.record(index - this.starts[pkg]!);
  }

  private packageOf(index: number): number {
    let pkg = this.starts.length - 1;
    while (pkg > 0 && this.starts[pkg]! > index) pkg -= 1;
    return pkg;
  }

  /**
   * `DUPLICATE_CONTEXT_KEY` warnings for the given keys (all duplicated keys when absent), twenty at most,
   * saying what the command did: listed each package's record (search, pack) or got the first one.
   */
  warningsFor(keys?: Iterable<string>, use: DuplicateUse = 'listed'): ContextWarning[] {
    const holding = new Map<string, string[]>();
    if (keys === undefined) for (const [key, holders] of this.duplicates) holding.set(key, holders);
    else for (const key of keys) if (!holding.has(key)) holding.set(key, this.holdersOf(key));
    const wanted = [...holding.keys()].filter((key) => holding.get(key)!.length > 1);
    const warnings = wanted.slice(0, MAX_DUPLICATE_WARNINGS).map((key) => {
      const [first, ...others] = holding.get(key)!;
      const message =
        use === 'got'
          ? `Key "${key}" is also in ${others.join(', ')}; this is the record in ${first}.`
          : `Key "${key}" is in ${first} and ${others.join(', ')}; ` +
            `each package's record is ranked on its own, and get returns the one in ${first}.`;
      return { code: 'DUPLICATE_CONTEXT_KEY', message };
    });
    if (wanted.length > MAX_DUPLICATE_WARNINGS) {
      warnings.push({
        code: 'DUPLICATE_CONTEXT_KEY',
        message: `${wanted.length - MAX_DUPLICATE_WARNINGS} more keys are in more than one active package.`,
      });
    }
    return warnings;
  }

  /**
   * The indexes the packages' caches keep for the engine, as one over the corpus, when every package keeps
   * one over the default fields and every record is readable (else the documents are ranked).
   */
  private keptIndex(engine: SearchEngine, fields: readonly string[] | undefined): SearchIndex | undefined {
    const format = engine.persistedIndex;
    if (!format || fields !== undefined || this.readable) return undefined;
    const kept: SearchIndex[] = [];
    for (const source of this.sources) {
      const index = source.searchIndex?.(format);
      if (!index) return undefined;
      kept.push(index);
    }
    if (kept.length === 1) return kept[0];
    return format.combine?.(kept);
  }

  /** The record with `key` in the first package holding it, that package, and the other packages holding it. */
  get(key: string): { record: Scenario; origin: string; others: string[] } | undefined {
    const found = this.lookedUp(key);
    const index = found
      ? found[0]?.index
      : this.sources.length === 1 && !this.scanned
        ? this.firstInOnlyPackage(key)
        : this.keys().byKey.get(key);
    if (index === undefined) return undefined;
    const origin = this.originOf(index);
    const holders = found ? holdersAmong(found) : (this.duplicates.get(key) ?? []);
    return { record: assertReadable(this.record(index)), origin, others: (holders.length > 1 ? holders : [origin]).slice(1) };
  }

  /**
   * The first record with `key` in each package holding it, in package order, from the packages' own key
   * lookups (the sidecar finds a key in its key column); undefined when a package has none, and every key is
   * then mapped once instead.
   */
  private lookedUp(key: string): { index: number; origin: string }[] | undefined {
    if (this.scanned || this.keyField !== 'key' || !this.sources.every((source) => source.firstIndexOfKey !== undefined)) return undefined;
    const found: { index: number; origin: string }[] = [];
    this.sources.forEach((source, pkg) => {
      const local = source.firstIndexOfKey?.(key);
      if (local !== undefined) found.push({ index: this.starts[pkg]! + local, origin: this.shown[pkg]! });
    });
    return found;
  }

  /** The packages holding `key`, in order, when more than one does (only copies across packages are reported); else empty. */
  private holdersOf(key: string): string[] {
    const found = this.lookedUp(key);
    return found ? holdersAmong(found) : (this.duplicates.get(key) ?? []);
  }

  /** The first record of the one package with `key`, found without mapping every key (a `get` asks for one). */
  private firstInOnlyPackage(key: string): number | undefined {
    const source = this.sources[0]!;
    if (source.firstIndexOfKey && this.keyField === 'key') return source.firstIndexOfKey(key);
    for (let index = 0; index < source.length; index += 1) if (source.stringField(index, this.keyField) === key) return index;
    return undefined;
  }

  /** One record per key, the one `get` returns, in the order the keys first appear; keyless records left out. */
  resolved(): Scenario[] {
    const readable = this.readable && new Set(this.readable);
    return [...this.keys().byKey.values()].filter((index) => !readable || readable.has(index)).map((index) => this.record(index));
  }

  /** BM25 over every record of every package; each match names the package its record came from. */
  search(engine: SearchEngine, query: string, options: { fields?: readonly string[]; topK?: number }): ContextMatch[] {
    const kept = this.keptIndex(engine, options.fields);
    if (kept) {
      const hits = kept.search(query, options.topK === undefined ? {} : { topK: options.topK });
      return hits.map((hit) => ({ score: hit.score, context_path: this.originOf(hit.index), scenario: this.record(hit.index) }));
    }
    const positions = this.readable;
    const all: SearchDocument[] =
      this.sources.length === 1
        ? this.sources[0]!.documents(options.fields)
        : this.sources.flatMap((source) => source.documents(options.fields));
    const documents = positions ? positions.map((index) => all[index]!) : all;
    return searchOnce(engine, documents, query, {
      fields: options.fields ?? DEFAULT_SEARCH_FIELDS,
      ...(options.topK === undefined ? {} : { topK: options.topK }),
    }).map((hit) => {
      const index = positions ? positions[hit.index]! : hit.index;
      return { score: hit.score, context_path: this.originOf(index), scenario: this.record(index) };
    });
  }
}
