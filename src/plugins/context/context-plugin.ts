import { definePlugin } from '../../kernel/plugin.js';
import { ContextAssembler, ContextSource, ContextTiers } from '../../context/assembly/contracts.js';
import { SearchEngine } from '../../search/search-engine.js';
import { Tokenizer } from '../../tokenizer/tokenizer.js';
import { EP_VERSION } from '../../version.js';

export interface ContextOptions {
  /** The budget bounding the hot tier and requests without `max_tokens` (default 8000). */
  readonly maxTokens?: number;
  /** Tokens kept free for the answer (default 1000). */
  readonly reservedTokens?: number;
  /** Packing stops after this many candidates in a row did not fit at any depth (default 64). */
  readonly maxConsecutiveDrops?: number;
}

/** The context tiers over every `ep.ContextSource`, and the assembly pipeline that answers context requests. */
export const contextPlugin = definePlugin<ContextOptions>((options = {}) => ({
  id: 'builtin/context',
  version: EP_VERSION,
  engine: `^${EP_VERSION}`,
  description: 'Context Request Protocol: hot/warm/cold tiers and the request_context assembly pipeline.',
  provides: [ContextTiers, ContextAssembler],
  requires: [SearchEngine, Tokenizer],
  optional: [ContextSource],
  async register(registry) {
    const [{ ContextTierService, DEFAULT_CONTEXT_BUDGET }, { ContextPipeline }, { ContextBudget }] = await Promise.all([
      import('../../context/assembly/context-tier-service.js'),
      import('../../context/assembly/context-pipeline.js'),
      import('../../context/assembly/context-budget.js'),
    ]);
    const budget = new ContextBudget(
      options.maxTokens ?? DEFAULT_CONTEXT_BUDGET.maxTokens,
      options.reservedTokens ?? Math.min(DEFAULT_CONTEXT_BUDGET.reservedTokens, options.maxTokens ?? Infinity),
    );
    registry.registerFactory(
      ContextTiers,
      (services) =>
        new ContextTierService({
          sources: services.getAll(ContextSource),
          searchEngine: services.get(SearchEngine),
          tokenizer: services.get(Tokenizer),
          budget,
        }),
    );
    registry.registerFactory(
      ContextAssembler,
      (services) =>
        new ContextPipeline(services.get(ContextTiers), services.get(Tokenizer), { maxConsecutiveDrops: options.maxConsecutiveDrops }),
    );
  },
}));
