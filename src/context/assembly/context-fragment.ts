import { builtinDetailMapFor } from './builtin-detail-maps.js';
import type { DetailLevelMap } from './detail-level-map.js';
import { FragmentProvenance } from './fragment-provenance.js';
import { crpInvalid, requireNonEmptyString, requireNonNegativeInteger, requireUnitInterval } from './validate.js';

export interface ContextFragmentInit {
  readonly ukoNode: string;
  readonly content: string;
  readonly detailDepth: number;
  readonly tokenCount: number;
  readonly relevanceScore?: number;
  readonly provenance?: FragmentProvenance;
  /**
   * The detail map of the fragment's own domain: the depth must not exceed its max depth. Defaults to the
   * built-in map whose domain prefixes `ukoNode` (`uko-code:...`), if any.
   */
  readonly detailMap?: DetailLevelMap;
}

const MODEL = 'ContextFragment';

/** One piece of assembled context: a knowledge node rendered at a detail depth, with its token cost. */
export class ContextFragment {
  readonly ukoNode: string;
  readonly content: string;
  readonly detailDepth: number;
  readonly tokenCount: number;
  readonly relevanceScore: number;
  readonly provenance: FragmentProvenance;

  constructor(init: ContextFragmentInit) {
    this.ukoNode = requireNonEmptyString(MODEL, 'uko_node', init.ukoNode);
    if (typeof init.content !== 'string') throw crpInvalid(MODEL, 'content', 'must be a string', init.content);
    this.content = init.content;
    this.detailDepth = requireNonNegativeInteger(MODEL, 'detail_depth', init.detailDepth);
    const detailMap = init.detailMap ?? builtinDetailMapFor(this.ukoNode);
    if (detailMap && init.detailDepth > detailMap.maxDepth) {
      throw crpInvalid(
        MODEL,
        'detail_depth',
        `must not exceed max_depth ${detailMap.maxDepth} of domain ${detailMap.domain}`,
        init.detailDepth,
      );
    }
    this.tokenCount = requireNonNegativeInteger(MODEL, 'token_count', init.tokenCount);
    this.relevanceScore = requireUnitInterval(MODEL, 'relevance_score', init.relevanceScore ?? 0);
    this.provenance = init.provenance ?? new FragmentProvenance({ resourceUri: this.ukoNode });
    Object.freeze(this);
  }

  toJSON(): Record<string, unknown> {
    return {
      uko_node: this.ukoNode,
      content: this.content,
      detail_depth: this.detailDepth,
      token_count: this.tokenCount,
      relevance_score: this.relevanceScore,
      provenance: this.provenance.toJSON(),
    };
  }
}
