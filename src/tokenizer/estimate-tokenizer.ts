import type { TokenCounter, Tokenizer } from './tokenizer.js';

/** A fast estimate: one token per four characters, rounded up. Good enough for rough packing. */
export class EstimateTokenizer implements Tokenizer {
  readonly name = 'estimate';
  readonly exact = false;
  private readonly counter: TokenCounter = { count: (text: string) => Math.ceil(text.length / 4) };

  async load(): Promise<TokenCounter> {
    return this.counter;
  }
}
