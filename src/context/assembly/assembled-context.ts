import { ContextFragment } from './context-fragment.js';
import { crpInvalid, requireNonEmptyString, requireNonNegativeInteger, requireUnitInterval } from './validate.js';

export interface AssembledContextInit {
  readonly fragments?: readonly ContextFragment[];
  readonly totalTokens: number;
  /** Share of the available budget the fragments use, 0.0 to 1.0. */
  readonly budgetUsed: number;
  /** sha256 of the ordered fragments: the same inputs give the same hash. */
  readonly contextHash: string;
}

const MODEL = 'AssembledContext';

/** The answer to a context request: ordered fragments that fit the budget. */
export class AssembledContext {
  readonly fragments: readonly ContextFragment[];
  readonly totalTokens: number;
  readonly budgetUsed: number;
  readonly contextHash: string;

  constructor(init: AssembledContextInit) {
    const fragments = init.fragments ?? [];
    fragments.forEach((fragment, i) => {
      if (!(fragment instanceof ContextFragment)) throw crpInvalid(MODEL, `fragments[${i}]`, 'must be a ContextFragment');
    });
    this.fragments = Object.freeze([...fragments]);
    this.totalTokens = requireNonNegativeInteger(MODEL, 'total_tokens', init.totalTokens);
    this.budgetUsed = requireUnitInterval(MODEL, 'budget_used', init.budgetUsed);
    this.contextHash = requireNonEmptyString(MODEL, 'context_hash', init.contextHash);
    Object.freeze(this);
  }

  toJSON(): Record<string, unknown> {
    return {
      fragments: this.fragments.map((fragment) => fragment.toJSON()),
      total_tokens: this.totalTokens,
      budget_used: this.budgetUsed,
      context_hash: this.contextHash,
    };
  }
}
