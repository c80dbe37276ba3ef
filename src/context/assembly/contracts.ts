import { createToken } from '../../kernel/token.js';
import type { JsonObject } from '../../records/json.js';
import type { PersistedIndexFormat, SearchHit, SearchIndex } from '../../search/search-engine.js';
import type { AssembledContext } from './assembled-context.js';
import type { ContextBudget } from './context-budget.js';
import type { ContextRequest } from './context-request.js';
import type { DetailLevelMap } from './detail-level-map.js';
import type { ReferenceGraph, ReferenceLists } from './reference-lists.js';

/**
 * A context record: a plain JSON object with a string `key` (and optionally a `uri`). Fields whose values
 * name another record's key or uri are references.
 */
export type ContextRecord = JsonObject & { readonly key: string };

/** Hot: the session's working set. Warm: active packages and recently demoted records. Cold: history. */
export type TierName = 'hot' | 'warm' | 'cold';
export const TIER_NAMES: readonly TierName[] = ['hot', 'warm', 'cold'];

/**
 * Feeds records into one tier. Active `.ep` packages feed warm; earlier sessions' DAG nodes and older
 * package revisions feed cold; the current session feeds hot. The tier service never needs to change.
 */
export interface ContextSource {
  /** Namespaced id, shown in fragment provenance: `builtin/context-files`, `acme/wiki`. */
  readonly id: string;
  readonly tier: TierName;
  /** The deepest record-map level this source keeps (an archive may keep summaries only). */
  readonly maxDepth?: number;
  /** Called once, when the tiers are first used: the records as a list, or as a table read by position. */
  load(): ContextRecords | Promise<ContextRecords>;
  /** The detail map its records are rendered with (default the record map, `ep-record:`). */
  readonly detailMap?: DetailLevelMap;
  /** Renders one of its records at a depth of `detailMap` (default: as a record). */
  render?(record: ContextRecord, depth: number): string;
  /**
   * The configured tokenizer's count of `render(record, depth)`, when the source keeps counts (a cache), so
   * a request answered from kept counts never loads the tokenizer; undefined when it does not know.
   */
  tokenCount?(record: ContextRecord, depth: number): number | undefined;
  /** Told each count made of one of its renderings, so a source that keeps counts can keep it. */
  countedTokens?(record: ContextRecord, depth: number, tokens: number): void;
  /**
   * Positions (in `load()`'s list) of the source's own records a record refers to. When given, the tiers
   * link the source's records by these instead of scanning their fields for keys (records of other sources
   * naming one of its keys are still linked to it).
   */
  related?(record: ContextRecord): readonly number[];
  /**
   * Every record's `related` at once (record i's are `referencesOf(refersTo, i)`), with the same edges
   * reversed (`referredBy`), when the source keeps its graph that way: the tiers then read the lists of the
   * records asked about in place, and never walk every edge. Lists of the wrong length are not used
   * (`related` is asked instead); a position out of range, the record's own or repeated is dropped.
   */
  references?(): ReferenceGraph | undefined;
  /** The text a record is searched by (default: every field's text). */
  searchText?(record: ContextRecord): string;
  /**
   * Readies `searchText`, for a source that reads its texts only when they are needed (from a cache): the
   * tiers await it before they first ask `searchText`, which they do only when no kept index serves a search.
   */
  loadSearchTexts?(): Promise<void>;
  /**
   * An index of its records' search texts in the search engine's kept format (document i is record i of
   * `load()`), when the source keeps one: the tiers then rank from it instead of scanning every text.
   */
  searchIndex?(format: PersistedIndexFormat): Promise<SearchIndex | undefined>;
  /**
   * The index `searchIndex` gave failed its checks while a query read it (IndexDamaged, say a cache file
   * damaged past what opening it checks): the tiers search the texts from now on; the source keeps a sound
   * one for later runtimes.
   */
  searchIndexDamaged?(format: PersistedIndexFormat): Promise<void>;
  /** Where a record lives, for provenance after the tier: `code:pkg/auth.py:10-42` (default the source id). */
  locate?(record: ContextRecord): string;
  /**
   * `graph`: without a focus, its records rank by a personalised PageRank over the reference graph, seeded
   * by the search scores (default `search`: by the search scores alone).
   */
  readonly ranking?: 'search' | 'graph';
}

export type ContextRecords = readonly ContextRecord[] | ContextRecordTable;

/**
 * A source's records read by position, for a source of many records of which a request reads few (the
 * code's nodes): the tiers make a record's entry only when a request reads it, and otherwise ask its key.
 */
export interface ContextRecordTable {
  readonly length: number;
  /** The key of record `position`, the record's own, without making the record. */
  keyAt(position: number): string;
  recordAt(position: number): ContextRecord;
}

/** What the entries of one load of a source share: all of an entry but its id, key and record. */
export interface TierEntryTraits {
  /** The tier its source feeds; promotion and demotion change `tierOf`, not this. */
  readonly home: TierName;
  readonly sourceId: string;
  readonly detailMap: DetailLevelMap;
  /** The deepest level this copy can be rendered at. */
  readonly maxDepth: number;
  /** Ranked by a personalised PageRank over the reference graph when a request has no focus. */
  readonly graphRanked: boolean;
}

/** One record as the tiers hold it. `id` is its position in `entries()`. */
export interface TierEntry extends TierEntryTraits {
  readonly id: number;
  readonly key: string;
  readonly record: ContextRecord;
}

export interface BudgetState {
  readonly max_tokens: number;
  readonly reserved_tokens: number;
  readonly available_tokens: number;
  /** Tokens held by the hot tier (the working set). */
  readonly used_tokens: number;
}

export interface HistoryEntry {
  readonly key: string;
  readonly tier: TierName;
  readonly source: string;
  readonly score: number;
  readonly summary: string;
}

export interface ContextTiers {
  /** Loads every source once (later calls return at once), and fills the hot tier from hot sources. */
  load(): Promise<void>;
  /**
   * `load`, and the sources' kept search indexes readied for the searches that follow (opened, or built by
   * the source to keep): what a caller about to search awaits; one that only reads the budget need not.
   */
  loadForSearch(): Promise<void>;
  /**
   * `loadForSearch`, then `search` (which runs searches of these tiers). Should a kept index fail its checks
   * while `search` reads it (IndexDamaged), the kept indexes are dropped, their sources told, and `search`
   * runs again over the texts: what every caller of `search`, `scores` or `searchHistory` goes through.
   */
  searching<T>(search: () => T): Promise<T>;
  /** Adds a record at run time (a session's new node, say); it joins `tier` and the search index. */
  add(record: ContextRecord, tier: TierName, sourceId: string): Promise<TierEntry>;
  /** Every entry, in id order (each made now if it was not yet: a request reads `size`, `keyOf` and `entry`). */
  entries(): readonly TierEntry[];
  /** The number of entries. */
  size(): number;
  /** Entry `id`. */
  entry(id: number): TierEntry;
  /** The key of entry `id`, without making the entry. */
  keyOf(id: number): string;
  /** What entry `id` shares with the other entries of its source, without making the entry. */
  traitsOf(id: number): TierEntryTraits;
  /** Whether some entry's source ranks its records over the reference graph (see `ContextSource.ranking`). */
  hasGraphRanked(): boolean;
  /** The tier an entry is in now. */
  tierOf(entry: Pick<TierEntry, 'id'>): TierName;
  /** `tierOf`, by id. */
  tierOfId(id: number): TierName;
  /** Whether another entry holds a record with the same key (a copy in another tier or source). */
  hasCopies(entry: Pick<TierEntry, 'id'>): boolean;
  /** Entry ids whose records reference this entry or are referenced by it. */
  neighbours(entry: Pick<TierEntry, 'id'>): readonly number[];
  /** Every entry's `neighbours` at once, packed (entry i's are `referencesOf(lists, i)`): what a ranking of the whole graph reads. */
  neighbourLists(): ReferenceLists;
  /** All entries indexed for search (document i is entry i). */
  index(): SearchIndex;
  /**
   * The hits of one query over all entries, as `index().search(query)` gives them; the first query of a
   * runtime is ranked without building the index when the engine can (a CLI call asks once).
   */
  search(query: string): SearchHit[];
  /** Every entry's score for `query` (0 where `search` gives no hit), in entry order. */
  scores(query: string): Float64Array;
  /** Brings an entry into the hot tier (most recently used); demotes the least recently used when over budget. */
  promote(entry: TierEntry, tokens: number): void;
  readonly budget: ContextBudget;
  budgetState(): BudgetState;
  /** Searches the history tiers (warm and cold) for entries matching `query`. */
  searchHistory(query: string, limit?: number): HistoryEntry[];
  /** The detail maps of the stored entries (the record map when nothing is stored). */
  detailMaps(): readonly DetailLevelMap[];
  /** Renders an entry at a depth of its detail map. */
  render(entry: TierEntry, depth: number): string;
  /** Where an entry lives, shown after the tier in provenance: the source id, or what the source's `locate` says. */
  locationOf(entry: TierEntry): string;
  /** The tokens of `render(entry, depth)` when its source keeps that count; undefined when it must be counted. */
  knownTokens(entry: TierEntry, depth: number): number | undefined;
  /** Passes a count of `render(entry, depth)` to the entry's source, to keep. */
  countedTokens(entry: TierEntry, depth: number, tokens: number): void;
}

export interface ContextAssembler {
  requestContext(request: ContextRequest): Promise<AssembledContext>;
}

/** A contribution of context records to one tier (hot, warm or cold): packages, sessions, archives. */
export const ContextSource = createToken<ContextSource>('ep.ContextSource', 'multi');

/** The hot, warm and cold tiers of context records, with promotion on access and LRU demotion. */
export const ContextTiers = createToken<ContextTiers>('ep.ContextTiers');

/** Answers context requests: gather, expand, score, de-duplicate and pack into the budget. */
export const ContextAssembler = createToken<ContextAssembler>('ep.ContextAssembler');
