import {
  ContextBudget,
  ContextPipeline,
  ContextTierService,
  type ContextRecord,
  type TierName,
} from '../../../src/context/assembly/index.js';
import { Bm25SearchEngine } from '../../../src/search/bm25/bm25-engine.js';
import { BpeTokenizer } from '../../../src/tokenizer/bpe-tokenizer.js';
import type { KeptTokenCounts } from '../../../src/tokenizer/kept-token-counts.js';
import type { Tokenizer } from '../../../src/tokenizer/tokenizer.js';

const sharedTokenizer = new BpeTokenizer();

/** Tiers and a pipeline over in-memory records, with the real BM25 engine and BPE tokenizer. */
export function contextOver(
  records: Partial<Record<TierName, ContextRecord[]>>,
  options: {
    budget?: ContextBudget;
    tokenizer?: Tokenizer;
    maxDepth?: Partial<Record<TierName, number>>;
    keptCounts?: KeptTokenCounts;
  } = {},
) {
  const sources = (Object.keys(records) as TierName[]).map((tier) => ({
    id: `test/${tier}`,
    tier,
    ...(options.maxDepth?.[tier] === undefined ? {} : { maxDepth: options.maxDepth[tier] }),
    load: () => records[tier]!,
  }));
  const tokenizer = options.tokenizer ?? sharedTokenizer;
  const tiers = new ContextTierService({
    sources,
    searchEngine: new Bm25SearchEngine(),
    tokenizer,
    budget: options.budget ?? new ContextBudget(8000, 1000),
    ...(options.keptCounts ? { keptCounts: options.keptCounts } : {}),
  });
  return { tiers, pipeline: new ContextPipeline(tiers, tokenizer) };
}

/** A chain a -> b -> c -> d of records that reference the next one. */
export const CHAIN: ContextRecord[] = ['a', 'b', 'c', 'd'].map((name, i, all) => ({
  key: `chain/${name}`,
  summary: `Link ${name} of the chain`,
  content: `Part ${name} does step ${i} of the work.`,
  ...(i + 1 < all.length ? { next: `chain/${all[i + 1]}` } : {}),
}));
