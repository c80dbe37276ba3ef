import { IndexDamaged, type SearchDocument, type SearchEngine, type SearchHit, type SearchIndex } from '../../search/search-engine.js';
import type { KeptTokenCounts } from '../../tokenizer/kept-token-counts.js';
import type { TokenCounter, Tokenizer } from '../../tokenizer/tokenizer.js';
import { RECORD_DETAIL_MAP } from './builtin-detail-maps.js';
import { ContextBudget } from './context-budget.js';
import type {
  BudgetState,
  ContextRecord,
  ContextSource,
  ContextTiers,
  HistoryEntry,
  TierEntry,
  TierEntryTraits,
  TierName,
} from './contracts.js';
import type { DetailLevelMap } from './detail-level-map.js';
import { recordText, renderRecord, summaryOf } from './record-rendering.js';
import type { ReferenceLists } from './reference-lists.js';
import { combinedKeptIndex } from './kept-search-index.js';
import { everyNeighbourList, neighboursIn, tierReferences, type TierReferences } from './tier-references.js';
import { TierEntryTable } from './tier-entry-table.js';

export interface ContextTierServiceOptions {
  readonly sources: readonly ContextSource[];
  readonly searchEngine: SearchEngine;
  readonly tokenizer: Tokenizer;
  /** Bounds the hot tier; defaults to 8,000 tokens with 1,000 reserved. */
  readonly budget?: ContextBudget;
  /** Counts kept by text, for renderings whose source keeps none (records), so repeated calls skip the tokenizer. */
  readonly keptCounts?: KeptTokenCounts;
}

export const DEFAULT_CONTEXT_BUDGET = new ContextBudget(8000, 1000);

/**
 * The three tiers over every record the sources contribute. Each record keeps its home tier; the hot tier
 * is a working set in LRU order, bounded by the budget's available tokens: promotion on access puts an
 * entry at its most recent end, and entries falling off the old end are demoted to warm.
 * The search index and the reference graph are built once and rebuilt only when records are added.
 */
export class ContextTierService implements ContextTiers {
  readonly budget: ContextBudget;
  private readonly table = new TierEntryTable();
  private readonly hot = new Map<number, number>();
  private readonly demoted = new Set<number>();
  private usedTokens = 0;
  private loading?: Promise<void>;
  private searchLoading?: Promise<void>;
  private counter?: TokenCounter;
  private searchIndex?: SearchIndex;
  /** The entries' search texts, kept from a first query answered without an index until the index is built. */
  private searchDocuments?: SearchDocument[];
  private searchedOnce = false;
  /** Every source's records in load order, with their count (what a kept index must cover). */
  private readonly loaded: [ContextSource, number][] = [];
  /** The sources' kept indexes ranked as one, when every source with records keeps one. */
  private keptIndex?: SearchIndex;
  private references?: TierReferences;
  private neighbourTable?: ReferenceLists;

  constructor(private readonly options: ContextTierServiceOptions) {
    this.budget = options.budget ?? DEFAULT_CONTEXT_BUDGET;
  }

  load(): Promise<void> {
    this.loading ??= this.loadSources();
    return this.loading;
  }

  loadForSearch(): Promise<void> {
    this.searchLoading ??= this.load().then(async () => {
      this.keptIndex = await combinedKeptIndex(this.options.searchEngine.persistedIndex, this.loaded);
      if (!this.keptIndex) await this.loadSearchTexts();
    });
    return this.searchLoading;
  }

  async searching<T>(search: () => T): Promise<T> {
    await this.loadForSearch();
    try {
      return search();
    } catch (error) {
      if (!(error instanceof IndexDamaged) || this.keptIndex === undefined) throw error;
    }
    this.keptIndex = undefined;
    this.searchIndex = undefined;
    const format = this.options.searchEngine.persistedIndex!;
    for (const [source] of this.loaded) await source.searchIndexDamaged?.(format);
    await this.loadSearchTexts();
    return search();
  }

  async add(record: ContextRecord, tier: TierName, sourceId: string): Promise<TierEntry> {
    await this.load();
    const entry = this.table.addRecord(record, tier, sourceId);
    this.searchIndex = undefined;
    this.keptIndex = undefined;
    this.searchDocuments = undefined;
    this.references = undefined;
    this.neighbourTable = undefined;
    // No kept index covers the new record: searches read the texts from now on.
    await this.loadSearchTexts();
    if (tier === 'hot') this.promote(entry, await this.fullCost(entry));
    return entry;
  }

  entries(): readonly TierEntry[] {
    return this.table.all();
  }

  size(): number {
    return this.table.size;
  }

  entry(id: number): TierEntry {
    return this.table.entry(id);
  }

  keyOf(id: number): string {
    return this.table.keyOf(id);
  }

  hasGraphRanked(): boolean {
    return this.table.hasGraphRanked();
  }

  traitsOf(id: number): TierEntryTraits {
    return this.table.traitsOf(id);
  }

  tierOf({ id }: Pick<TierEntry, 'id'>): TierName {
    return this.tierOfId(id);
  }

  tierOfId(id: number): TierName {
    if (this.hot.has(id)) return 'hot';
    const home = this.table.homeOf(id);
    if (this.demoted.has(id) || home === 'hot') return 'warm';
    return home;
  }

  hasCopies({ id }: Pick<TierEntry, 'id'>): boolean {
    return this.table.hasCopies(id);
  }

  neighbours({ id }: Pick<TierEntry, 'id'>): readonly number[] {
    return neighboursIn(this.referenceGraph(), id);
  }

  neighbourLists(): ReferenceLists {
    this.neighbourTable ??= everyNeighbourList(this.referenceGraph(), (id) => this.table.hasCopies(id));
    return this.neighbourTable;
  }

  private referenceGraph(): TierReferences {
    this.references ??= tierReferences(this.table);
    return this.references;
  }

  index(): SearchIndex {
    this.searchIndex ??= this.keptIndex ?? this.options.searchEngine.buildIndex(this.documents());
    this.searchDocuments = undefined;
    return this.searchIndex;
  }

  search(query: string): SearchHit[] {
    const { searchEngine } = this.options;
    if (this.searchIndex || this.keptIndex || !searchEngine.searchOnce || this.searchedOnce) return this.index().search(query);
    this.searchedOnce = true;
    return searchEngine.searchOnce(this.documents(), query);
  }

  scores(query: string): Float64Array {
    const index = this.searchIndex ?? this.keptIndex;
    if (index?.scoresFor) return index.scoresFor(query);
    const scores = new Float64Array(this.table.size);
    for (const hit of this.search(query)) scores[hit.index] = hit.score;
    return scores;
  }

  promote(entry: TierEntry, tokens: number): void {
    const previous = this.hot.get(entry.id);
    if (previous !== undefined) {
      this.usedTokens -= previous;
      this.hot.delete(entry.id);
    }
    this.hot.set(entry.id, tokens);
    this.usedTokens += tokens;
    this.demoted.delete(entry.id);
    for (const [id, held] of this.hot) {
      if (this.usedTokens <= this.budget.availableTokens || id === entry.id) break;
      this.hot.delete(id);
      this.usedTokens -= held;
      this.demoted.add(id);
    }
  }

  budgetState(): BudgetState {
    return { ...this.budget.toJSON(), used_tokens: this.usedTokens } as BudgetState;
  }

  searchHistory(query: string, limit = 10): HistoryEntry[] {
    const result: HistoryEntry[] = [];
    for (const hit of this.search(query)) {
      const entry = this.table.entry(hit.index);
      const tier = this.tierOf(entry);
      if (tier === 'hot') continue;
      result.push({ key: entry.key, tier, source: entry.sourceId, score: hit.score, summary: summaryOf(entry.record) });
      if (result.length >= limit) break;
    }
    return result;
  }

  detailMaps(): readonly DetailLevelMap[] {
    const maps = this.table.detailMaps();
    return maps.length === 0 ? [RECORD_DETAIL_MAP] : maps;
  }

  render(entry: TierEntry, depth: number): string {
    const source = this.table.sourceOf(entry.id);
    const level = Math.min(depth, entry.maxDepth);
    return source?.render ? source.render(entry.record, level) : renderRecord(entry.record, level);
  }

  /** Asked for the fragments packed only, so a request does not make a location for every entry. */
  locationOf(entry: TierEntry): string {
    const source = this.table.sourceOf(entry.id);
    return source?.locate ? source.locate(entry.record) : entry.sourceId;
  }

  knownTokens(entry: TierEntry, depth: number): number | undefined {
    const source = this.table.sourceOf(entry.id);
    if (source?.tokenCount) return source.tokenCount(entry.record, Math.min(depth, entry.maxDepth));
    return this.options.keptCounts?.get(this.render(entry, depth));
  }

  countedTokens(entry: TierEntry, depth: number, tokens: number): void {
    const source = this.table.sourceOf(entry.id);
    source?.countedTokens?.(entry.record, Math.min(depth, entry.maxDepth), tokens);
    if (!source?.tokenCount) this.options.keptCounts?.set(this.render(entry, depth), tokens);
  }

  private documents(): SearchDocument[] {
    this.searchDocuments ??= this.table.all().map((entry) => {
      const source = this.table.sourceOf(entry.id);
      return { text: source?.searchText ? source.searchText(entry.record) : recordText(entry.record) };
    });
    return this.searchDocuments;
  }

  private async loadSources(): Promise<void> {
    const countsRead = this.options.keptCounts?.read();
    for (const source of this.options.sources) {
      const records = await source.load();
      this.table.addSource(source, records);
      this.loaded.push([source, records.length]);
    }
    await countsRead;
    for (let id = 0; id < this.table.size; id += 1) {
      if (this.table.homeOf(id) === 'hot') {
        const entry = this.table.entry(id);
        this.promote(entry, await this.fullCost(entry));
      }
    }
  }

  /** Readies the search texts of the sources that read theirs only when needed (see `ContextSource.loadSearchTexts`). */
  private async loadSearchTexts(): Promise<void> {
    for (const [source] of this.loaded) await source.loadSearchTexts?.();
  }

  /** The tokenizer's rank table loads on the first count needed, so tiers answered from kept counts never load it. */
  private async fullCost(entry: TierEntry): Promise<number> {
    const known = this.knownTokens(entry, entry.maxDepth);
    if (known !== undefined) return known;
    this.counter ??= await this.options.tokenizer.load();
    const tokens = this.counter.count(this.render(entry, entry.maxDepth));
    this.countedTokens(entry, entry.maxDepth, tokens);
    return tokens;
  }
}
