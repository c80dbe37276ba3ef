import { createHash } from 'node:crypto';
import type { TokenCounter, Tokenizer } from '../../tokenizer/tokenizer.js';
import { AssembledContext } from './assembled-context.js';
import { ContextBudget } from './context-budget.js';
import { ContextFragment } from './context-fragment.js';
import type { ContextRequest } from './context-request.js';
import type { ContextAssembler, ContextTiers, TierEntry, TierEntryTraits, TierName } from './contracts.js';
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

/** An entry in scope, by id: its entry is made only when packing reaches it. */
interface Candidate {
  readonly id: number;
  readonly traits: TierEntryTraits;
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
      const entry = this.tiers.entry(candidate.id);
      let depth = candidate.depth;
      for (;;) {
        const tokens = this.tokenCache.get(`${entry.id}@${Math.min(depth, entry.maxDepth)}`) ?? (await this.count(entry, depth));
        if (tokens <= remaining) {
          fragments.push(this.fragment(request, entry, candidate, depth, tokens));
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
    const size = this.tiers.size();
    if (size === 0) return [];
    const inScope = this.scopeFilter(request);
    const hasFocus = request.focus.length > 0;
    let ids: number[];
    let hopsOf: (id: number) => number = () => 0;
    if (hasFocus) {
      const distance = this.expandFocus(request, size, inScope);
      ids = [...distance.keys()];
      hopsOf = (id) => distance.get(id)!;
    } else {
      ids = [];
      for (let id = 0; id < size; id += 1) if (inScope(id)) ids.push(id);
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
      if (request.query !== null && scores[id] === 0 && !(hasFocus && hops === 0)) continue;
      const traits = this.tiers.traitsOf(id);
      const score = ranks && traits.graphRanked ? ranks[id]! : scores[id]!;
      let base = baseDepths.get(traits.detailMap);
      if (base === undefined) {
        base = depthIn(traits.detailMap, request.depth, maps);
        baseDepths.set(traits.detailMap, base);
      }
      let depth = Math.min(base, traits.maxDepth);
      if (request.depthGradient) for (let hop = 0; hop < hops; hop += 1) depth = traits.detailMap.levelBelow(depth);
      candidates.push({ id, traits, distance: hops, depth, tierRank: TIER_RANK[this.tiers.tierOfId(id)], score });
      if (ranks && traits.graphRanked) maxRank = Math.max(maxRank, score);
      else max = Math.max(max, score);
    }
    // Search scores and graph ranks are normalised apart: each kind's best candidate scores 1.
    for (const candidate of candidates) {
      const top = ranks && candidate.traits.graphRanked ? maxRank : max;
      if (top > 0) candidate.score /= top;
    }
    return candidates;
  }

  /** Personalised PageRank over the reference graph, seeded by the search scores; undefined when no entry asks for it. */
  private graphRanks(scores: Float64Array): Float64Array | undefined {
    if (!this.tiers.hasGraphRanked()) return undefined;
    return personalisedPageRank(this.tiers.neighbourLists(), scores);
  }

  /** Breadth-first from the entries whose keys contain a focus target, over references, within scope. */
  private expandFocus(request: ContextRequest, size: number, inScope: (id: number) => boolean): Map<number, number> {
    const matchers = request.focus.map((target) => focusMatcher(target));
    const distance = new Map<number, number>();
    let frontier: number[] = [];
    for (let id = 0; id < size; id += 1) {
      if (!matchesAny(matchers, this.tiers.keyOf(id)) || !inScope(id)) continue;
      distance.set(id, 0);
      frontier.push(id);
    }
    for (let hop = 1; hop <= request.breadth && frontier.length > 0; hop += 1) {
      const next: number[] = [];
      for (let at = 0; at < frontier.length; at += 1) {
        // By id: an entry is made only for what packing reaches.
        const neighbours = this.tiers.neighbours({ id: frontier[at]! });
        for (let n = 0; n < neighbours.length; n += 1) {
          const neighbour = neighbours[n]!;
          if (distance.has(neighbour) || !inScope(neighbour)) continue;
          distance.set(neighbour, hop);
          next.push(neighbour);
        }
      }
      frontier = next;
    }
    return distance;
  }

  /** Whether an entry (by id) is in the tiers the request's `temporal` selects. */
  private scopeFilter(request: ContextRequest): (id: number) => boolean {
    if (request.temporal === 'all') return () => true;
    if (request.temporal === 'historical') return (id) => this.tiers.traitsOf(id).home === 'cold';
    return (id) => this.tiers.tierOfId(id) !== 'cold';
  }

  /** One candidate per node: the deeper copy, then the hotter tier, then the nearer one. */
  private deduplicate(candidates: Candidate[]): Candidate[] {
    const unique: Candidate[] = [];
    const best = new Map<string, Candidate>();
    for (const candidate of candidates) {
      if (!this.tiers.hasCopies(candidate)) {
        unique.push(candidate);
        continue;
      }
      const key = this.tiers.keyOf(candidate.id);
      const current = best.get(key);
      if (!current || better(candidate, current)) best.set(key, candidate);
    }
    for (const candidate of best.values()) unique.push(candidate);
    return unique;
  }

  private rank(candidates: Candidate[]): Iterable<Candidate> {
    return lazyOrder(
      candidates,
      (a, b) => a.distance - b.distance || b.score - a.score || compareKeys(this.tiers.keyOf(a.id), this.tiers.keyOf(b.id)) || a.id - b.id,
    );
  }

  private fragment(request: ContextRequest, entry: TierEntry, candidate: Candidate, depth: number, tokens: number): ContextFragment {
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

function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
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
