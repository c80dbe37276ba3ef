import type { BpeEncoding, TokenCounter, Tokenizer } from './tokenizer.js';

/** Exact BPE counts through js-tiktoken; the rank table is imported on first use only. */
export class BpeTokenizer implements Tokenizer {
  readonly exact = true;
  private counter?: Promise<TokenCounter>;

  constructor(readonly name: BpeEncoding = 'cl100k_base') {}

  load(): Promise<TokenCounter> {
    this.counter ??= this.create();
    return this.counter;
  }

  private async create(): Promise<TokenCounter> {
    const [{ Tiktoken }, ranks] = await Promise.all([
      import('js-tiktoken/lite'),
      this.name === 'o200k_base' ? import('js-tiktoken/ranks/o200k_base') : import('js-tiktoken/ranks/cl100k_base'),
    ]);
    const encoder = new Tiktoken(ranks.default);
    // Special-token text in content is counted as ordinary text, never rejected.
    return { count: (text: string) => (text === '' ? 0 : encoder.encode(text, [], []).length) };
  }
}
