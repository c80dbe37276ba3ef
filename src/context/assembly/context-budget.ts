import { crpInvalid, requireNonNegativeInteger } from './validate.js';

/** A token budget: `reservedTokens` are kept free (for the answer), the rest is available for context. */
export class ContextBudget {
  readonly maxTokens: number;
  readonly reservedTokens: number;

  constructor(maxTokens: number, reservedTokens = 0) {
    this.maxTokens = requireNonNegativeInteger('ContextBudget', 'max_tokens', maxTokens);
    this.reservedTokens = requireNonNegativeInteger('ContextBudget', 'reserved_tokens', reservedTokens);
    if (reservedTokens > maxTokens) {
      throw crpInvalid('ContextBudget', 'reserved_tokens', `must not exceed max_tokens ${maxTokens}`, reservedTokens);
    }
    Object.freeze(this);
  }

  get availableTokens(): number {
    return this.maxTokens - this.reservedTokens;
  }

  toJSON(): Record<string, number> {
    return { max_tokens: this.maxTokens, reserved_tokens: this.reservedTokens, available_tokens: this.availableTokens };
  }
}
