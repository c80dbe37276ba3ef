import { crpInvalid, requireNonEmptyString, requireNonNegativeInteger, requireUnitInterval } from './validate.js';

/** Which knowledge a request reaches: the working set and active packages, the history, or both. */
export type TemporalScope = 'current' | 'historical' | 'all';
export const TEMPORAL_SCOPES: readonly TemporalScope[] = ['current', 'historical', 'all'];

export interface ContextRequestInit {
  /** Why the context is needed; also the relevance query when no `query` is given. */
  readonly purpose: string;
  readonly query?: string | null;
  /** Node keys or URIs the request centres on (a key, or a part of one). */
  readonly focus?: readonly string[];
  /** Relationship hops from the focus. */
  readonly breadth?: number;
  /** Detail level: an integer or a level name of the node's domain. */
  readonly depth?: number | string;
  /** Detail falls off by one named level per hop from the focus. */
  readonly depthGradient?: boolean;
  readonly priority?: number;
  readonly temporal?: TemporalScope;
  /** Overrides the budget's max tokens for this request. */
  readonly maxTokens?: number | null;
}

const MODEL = 'ContextRequest';

/** A structured request for context, issued by an actor during reasoning. */
export class ContextRequest {
  readonly purpose: string;
  readonly query: string | null;
  readonly focus: readonly string[];
  readonly breadth: number;
  readonly depth: number | string;
  readonly depthGradient: boolean;
  readonly priority: number;
  readonly temporal: TemporalScope;
  readonly maxTokens: number | null;

  constructor(init: ContextRequestInit) {
    this.purpose = requireNonEmptyString(MODEL, 'purpose', init.purpose);
    if (init.query != null && typeof init.query !== 'string') throw crpInvalid(MODEL, 'query', 'must be a string', init.query);
    this.query = init.query ?? null;
    const focus = init.focus ?? [];
    if (!Array.isArray(focus)) throw crpInvalid(MODEL, 'focus', 'must be a list of node keys', focus);
    this.focus = Object.freeze(focus.map((target, i) => requireNonEmptyString(MODEL, `focus[${i}]`, target)));
    this.breadth = requireNonNegativeInteger(MODEL, 'breadth', init.breadth ?? 2);
    const depth = init.depth ?? 3;
    if (typeof depth === 'string') requireNonEmptyString(MODEL, 'depth', depth);
    else requireNonNegativeInteger(MODEL, 'depth', depth);
    this.depth = depth;
    if (init.depthGradient !== undefined && typeof init.depthGradient !== 'boolean') {
      throw crpInvalid(MODEL, 'depth_gradient', 'must be true or false', init.depthGradient);
    }
    this.depthGradient = init.depthGradient ?? true;
    this.priority = requireUnitInterval(MODEL, 'priority', init.priority ?? 0.5);
    const temporal = init.temporal ?? 'current';
    if (!TEMPORAL_SCOPES.includes(temporal)) throw crpInvalid(MODEL, 'temporal', `must be one of ${TEMPORAL_SCOPES.join(', ')}`, temporal);
    this.temporal = temporal;
    this.maxTokens = init.maxTokens == null ? null : requireNonNegativeInteger(MODEL, 'max_tokens', init.maxTokens);
    Object.freeze(this);
  }

  toJSON(): Record<string, unknown> {
    return {
      purpose: this.purpose,
      query: this.query,
      focus: this.focus,
      breadth: this.breadth,
      depth: this.depth,
      depth_gradient: this.depthGradient,
      priority: this.priority,
      temporal: this.temporal,
      max_tokens: this.maxTokens,
    };
  }
}
