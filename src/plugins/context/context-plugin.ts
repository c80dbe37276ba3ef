import { definePlugin } from '../../kernel/plugin.js';
import { ContextAssembler, ContextSource, ContextTiers } from '../../context/assembly/contracts.js';
import { RuntimeSettings } from '../../kernel/runtime-settings.js';
import { SearchEngine } from '../../search/search-engine.js';
import type { KeptTokenCounts } from '../../tokenizer/kept-token-counts.js';
import { Tokenizer } from '../../tokenizer/tokenizer.js';
import { EP_VERSION } from '../../version.js';

export interface ContextOptions {
  /** The budget bounding the hot tier and requests without `max_tokens` (default 8000). */
  readonly maxTokens?: number;
  /** Tokens kept free for the answer (default 1000). */
  readonly reservedTokens?: number;
  /** Packing stops after this many candidates in a row did not fit at any depth (default 64). */
  readonly maxConsecutiveDrops?: number;
  /** Keep token counts of rendered records under `$EP_HOME/cache/token-counts` (default true). */
  readonly keepCounts?: boolean;
}

/** The context tiers over every `ep.ContextSource`, and the assembly pipeline that answers context requests. */
export const contextPlugin = definePlugin<ContextOptions>((options = {}) => {
  let keptCounts: KeptTokenCounts | undefined;
  return {
    id: 'builtin/context',
    version: EP_VERSION,
    engine: `^${EP_VERSION}`,
    description: 'Context Request Protocol: hot/warm/cold tiers and the request_context assembly pipeline.',
    provides: [ContextTiers, ContextAssembler],
    requires: [SearchEngine, Tokenizer, RuntimeSettings],
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
      const tokenizer = registry.get(Tokenizer);
      // Estimates cost nothing to make again; exact counts load a rank table, so they are kept.
      if (options.keepCounts !== false && tokenizer.exact) {
        const { KeptTokenCounts, tokenCountsDir } = await import('../../tokenizer/kept-token-counts.js');
        keptCounts = new KeptTokenCounts(tokenCountsDir(registry.get(RuntimeSettings).env), tokenizer.name);
      }
      registry.registerFactory(
        ContextTiers,
        (services) =>
          new ContextTierService({
            sources: services.getAll(ContextSource),
            searchEngine: services.get(SearchEngine),
            tokenizer: services.get(Tokenizer),
            budget,
            ...(keptCounts ? { keptCounts } : {}),
          }),
      );
      registry.registerFactory(
        ContextAssembler,
        (services) =>
          new ContextPipeline(services.get(ContextTiers), services.get(Tokenizer), { maxConsecutiveDrops: options.maxConsecutiveDrops }),
      );
    },
    /** Token counts learned while the runtime ran are kept for the next one. */
    async shutdown() {
      await keptCounts?.save().catch(() => undefined);
    },
  };
});
