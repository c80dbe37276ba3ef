import { createToken } from '../kernel/token.js';
/** Counts tokens the way a model will see them. */
export interface TokenCounter {
  count(text: string): number;
}

export interface Tokenizer {
  /** `cl100k_base`, `o200k_base`, or `estimate`. */
  readonly name: string;
  /** True for a real BPE count, false for an estimate. */
  readonly exact: boolean;
  /** Loads the encoding on first use (rank tables are large), then returns the counter. */
  load(): Promise<TokenCounter>;
}

export type BpeEncoding = 'cl100k_base' | 'o200k_base';
export const BPE_ENCODINGS: readonly BpeEncoding[] = ['cl100k_base', 'o200k_base'];

/** Counts tokens for context budgets: exact BPE by default, an estimate by option. */
export const Tokenizer = createToken<Tokenizer>('ep.Tokenizer');
