import { createHash } from 'node:crypto';
import type { TokenCounter, Tokenizer } from '../../tokenizer/tokenizer.js';
import { AssembledContext } from './assembled-context.js';
import { ContextBudget } from './context-budget.js';
import { ContextFragment } from './context-fragment.js';
import type { ContextRequest } from './context-request.js';
import type { ContextAssembler, ContextTiers, TierEntry, TierName } from './contracts.js';
import type { DetailLevelMap } from './detail-level-map.js';
import { focusMatcher } from './focus-match.js';
import { FragmentProvenance } from './fragment-provenance.js';
import { lazyOrder } from './lazy-order.js';
import { personalisedPageRank } from './page-rank.js';
import { depthIn } from './request-depth.js';

export interface ContextPipelineOptions {
  /**
   * Packing stops after this many candidates in a row did not fit even at depth 0: past that point the
   * budget is practically full, and trying every remaining candidate would only cost time.
   */
  readonly maxConsecutiveDrops?: number;
}

interface Candidate {
  readonly entry: TierEntry;
  readonly distance: number;
  readonly depth: number;
  readonly tierRank: number;
  score: number;
}

const TIER_RANK: Readonly<Record<TierName, number>> = { hot: 0, warm: 1, cold: 2 };
const TOKEN_CACHE_LIMIT = 1_000_000;

/**
 * `requestContext`: gather the candidates of the tiers `temporal` selects, take the focus and expand it
 * `breadth` hops over references, filter by query, give each node a depth (falling off one named level per
 * hop with `depthGradient`), keep the deeper copy of a node, score with the search engine (normalised to
 * 0..1), and pack greedily into the budget with real token counts, retrying at lower depths before dropping.
 * Packing order: distance from the focus, then score, then key, so equal inputs give equal output.
 */
export class ContextPipeline implements ContextAssembler {
  private readonly maxConsecutiveDrops: number;
  private readonly tokenCache = new Map<string, number>();
  private counter?: TokenCounter;

  constructor(
    private readonly tiers: ContextTiers,
    private readonly tokenizer: Tokenizer,
    options: ContextPipelineOptions = {},
  ) {
    this.maxConsecutiveDrops = options.maxConsecutiveDrops ?? 64;
  }

  async requestContext(request: ContextRequest): Promise<AssembledContext> {
    await this.tiers.loadForSearch();
    const budget = this.budgetFor(request);
    this.checkDepth(request);
    const candidates = this.rank(this.deduplicate(await this.tiers.searching(() => this.gather(request))));
    const fragments: ContextFragment[] = [];
    const promoted: [TierEntry, number][] = [];
    let remaining = budget.availableTokens;
    let drops = 0;
    for (const candidate of candidates) {
      if (remaining <= 0 || drops >= this.maxConsecutiveDrops) break;
      const { entry } = candidate;
      let depth = candidate.depth;
      for (;;) {
        const tokens = this.tokenCache.get(`${entry.id}@${Math.min(depth, entry.maxDepth)}`) ?? (await this.count(entry, depth));
        if (tokens <= remaining) {
          fragments.push(this.fragment(request, candidate, depth, tokens));
          promoted.push([entry, tokens]);
          remaining -= tokens;
          drops = 0;
          break;
        }
        if (depth === 0) {
          drops += 1;
          break;
        }
        depth = entry.detailMap.levelBelow(depth);
      }
    }
    for (const [entry, tokens] of promoted) this.tiers.promote(entry, tokens);
    const totalTokens = budget.availableTokens - remaining;
    return new AssembledContext({
      fragments,
      totalTokens,
      contextHash: hashFragments(fragments),
      budgetUsed: budget.availableTokens === 0 ? 0 : Math.min(1, totalTokens / budget.availableTokens),
    });
  }

  private budgetFor(request: ContextRequest): ContextBudget {
    // A request's max_tokens narrows the configured budget; it never widens it past the available tokens.
    const base = this.tiers.budget;
    if (request.maxTokens === null) return base;
    return new ContextBudget(Math.min(request.maxTokens, base.availableTokens), 0);
  }

  /** A level name must be known to some detail map in use, even when nothing is stored. */
  private checkDepth(request: ContextRequest): void {
    if (typeof request.depth !== 'string') return;
    const maps = this.tiers.detailMaps();
    if (!maps.some((map) => request.depth in map.effectiveLevels())) maps[0]!.resolve(request.depth);
  }

  /** Candidates in scope with their distance from the focus, depth and relevance. */
  private gather(request: ContextRequest): Candidate[] {
    const entries = this.tiers.entries();
    if (entries.length === 0) return [];
    const inScope = this.scopeFilter(request);
    const hasFocus = request.focus.length > 0;
    let ids: number[];
    let hopsOf: (id: number) => number = () => 0;
    if (hasFocus) {
      const distance = this.expandFocus(request, entries, inScope);
      ids = [...distance.keys()];
      hopsOf = (id) => distance.get(id)!;
    } else {
      ids = [];
      for (let id = 0; id < entries.length; id += 1) if (inScope(entries[id]!)) ids.push(id);
    }

    const scores = this.tiers.scores(request.query ?? request.purpose);
    const ranks = hasFocus ? undefined : this.graphRanks(scores);
    const baseDepths = new Map<DetailLevelMap, number>();
    const maps = this.tiers.detailMaps();
    const candidates: Candidate[] = [];
    let max = 0;
    let maxRank = 0;
    // Indexed loops over the entries: these run once per call, over thousands, in code not yet optimised,
    // where a for...of allocates a result object per step.
    for (let at = 0; at < ids.length; at += 1) {
      const id = ids[at]!;
      const hops = hopsOf(id);
      const entry = entries[id]!;
      if (request.query !== null && scores[id] === 0 && !(hasFocus && hops === 0)) continue;
      const score = ranks && entry.graphRanked ? ranks[id]! : scores[id]!;
      let base = baseDepths.get(entry.detailMap);
      if (base === undefined) {
        base = depthIn(entry.detailMap, request.depth, maps);
        baseDepths.set(entry.detailMap, base);
      }
      let depth = Math.min(base, entry.maxDepth);
      if (request.depthGradient) for (let hop = 0; hop < hops; hop += 1) depth = entry.detailMap.levelBelow(depth);
      candidates.push({ entry, distance: hops, depth, tierRank: TIER_RANK[this.tiers.tierOf(entry)], score });
      if (ranks && entry.graphRanked) maxRank = Math.max(maxRank, score);
      else max = Math.max(max, score);
    }
    // Search scores and graph ranks are normalised apart: each kind's best candidate scores 1.
    for (const candidate of candidates) {
      const top = ranks && candidate.entry.graphRanked ? maxRank : max;
      if (top > 0) candidate.score /= top;
    }
    return candidates;
  }

  /** Personalised PageRank over the reference graph, seeded by the search scores; undefined when no entry asks for it. */
  private graphRanks(scores: Float64Array): Float64Array | undefined {
    const entries = this.tiers.entries();
    if (!entries.some((entry) => entry.graphRanked)) return undefined;
    return personalisedPageRank(this.tiers.neighbourLists(), scores);
  }

  /** Breadth-first from the entries whose keys contain a focus target, over references, within scope. */
  private expandFocus(request: ContextRequest, entries: readonly TierEntry[], inScope: (entry: TierEntry) => boolean): Map<number, number> {
    const matchers = request.focus.map((target) => focusMatcher(target));
    const distance = new Map<number, number>();
    let frontier: number[] = [];
    for (let id = 0; id < entries.length; id += 1) {
      const entry = entries[id]!;
      if (!matchesAny(matchers, entry.key) || !inScope(entry)) continue;
      distance.set(entry.id, 0);
      frontier.push(entry.id);
    }
    for (let hop = 1; hop <= request.breadth && frontier.length > 0; hop += 1) {
      const next: number[] = [];
      for (let at = 0; at < frontier.length; at += 1) {
        const neighbours = this.tiers.neighbours(entries[frontier[at]!]!);
        for (let n = 0; n < neighbours.length; n += 1) {
          const neighbour = neighbours[n]!;
          if (distance.has(neighbour) || !inScope(entries[neighbour]!)) continue;
          distance.set(neighbour, hop);
          next.push(neighbour);
        }
      }
      frontier = next;
    }
    return distance;
  }

  private scopeFilter(request: ContextRequest): (entry: TierEntry) => boolean {
    if (request.temporal === 'all') return () => true;
    if (request.temporal === 'historical') return (entry) => entry.home === 'cold';
    return (entry) => this.tiers.tierOf(entry) !== 'cold';
  }

  /** One candidate per node: the deeper copy, then the hotter tier, then the nearer one. */
  private deduplicate(candidates: Candidate[]): Candidate[] {
    const unique: Candidate[] = [];
    const best = new Map<string, Candidate>();
    for (const candidate of candidates) {
      if (!this.tiers.hasCopies(candidate.entry)) {
        unique.push(candidate);
        continue;
      }
      const current = best.get(candidate.entry.key);
      if (!current || better(candidate, current)) best.set(candidate.entry.key, candidate);
    }
    for (const candidate of best.values()) unique.push(candidate);
    return unique;
  }

  private rank(candidates: Candidate[]): Iterable<Candidate> {
    return lazyOrder(
      candidates,
      (a, b) =>
        a.distance - b.distance ||
        b.score - a.score ||
        (a.entry.key < b.entry.key ? -1 : a.entry.key > b.entry.key ? 1 : 0) ||
        a.entry.id - b.entry.id,
    );
  }

  private fragment(request: ContextRequest, candidate: Candidate, depth: number, tokens: number): ContextFragment {
    const { entry } = candidate;
    const selection =
      request.focus.length === 0
        ? request.query === null
          ? 'purpose'
          : 'query'
        : candidate.distance === 0
          ? 'focus'
          : `breadth:${candidate.distance}`;
    return new ContextFragment({
      ukoNode: entry.key,
      content: this.tiers.render(entry, depth),
      detailDepth: depth,
      tokenCount: tokens,
      relevanceScore: candidate.score,
      detailMap: entry.detailMap,
      provenance: new FragmentProvenance({
        resourceUri: entry.key,
        location: `${this.tiers.tierOf(entry)}:${this.tiers.locationOf(entry)}`,
        strategy: depth < candidate.depth ? `${selection}+depth-fallback` : selection,
      }),
    });
  }

  /**
   * A count the entry's source keeps, else a real count (the tokenizer loads on the first one needed, so a
   * request answered from kept counts never loads its rank table), passed back to the source to keep.
   */
  private async count(entry: TierEntry, depth: number): Promise<number> {
    const cacheKey = `${entry.id}@${Math.min(depth, entry.maxDepth)}`;
    let tokens = this.tiers.knownTokens(entry, depth);
    if (tokens === undefined) {
      this.counter ??= await this.tokenizer.load();
      tokens = this.counter.count(this.tiers.render(entry, depth));
      this.tiers.countedTokens(entry, depth, tokens);
    }
    if (this.tokenCache.size >= TOKEN_CACHE_LIMIT) this.tokenCache.clear();
    this.tokenCache.set(cacheKey, tokens);
    return tokens;
  }
}

function better(candidate: Candidate, current: Candidate): boolean {
  return (
    candidate.depth - current.depth > 0 ||
    (candidate.depth === current.depth &&
      (candidate.tierRank < current.tierRank || (candidate.tierRank === current.tierRank && candidate.distance < current.distance)))
  );
}

/** sha256 of the ordered fragments' node, depth, token count and content. */
export function hashFragments(fragments: readonly ContextFragment[]): string {
  const canonical = JSON.stringify(fragments.map((f) => [f.ukoNode, f.detailDepth, f.tokenCount, f.content]));
  return createHash('sha256').update(canonical).digest('hex');
}

/** Whether `key` answers any of the focus targets' matchers (a plain loop: it runs for every entry). */
function matchesAny(matchers: readonly ((key: string) => boolean)[], key: string): boolean {
  for (let i = 0; i < matchers.length; i += 1) if (matchers[i]!(key)) return true;
  return false;
}
