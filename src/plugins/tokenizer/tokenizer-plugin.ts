import { EpError, ExitCode } from '../../kernel/errors.js';
import { definePlugin } from '../../kernel/plugin.js';
import { Tokenizer } from '../../tokenizer/tokenizer.js';
import { EP_VERSION } from '../../version.js';

export interface TokenizerOptions {
  /** `bpe` (exact, default) or `estimate` (characters / 4). */
  readonly mode?: 'bpe' | 'estimate';
  /** The BPE encoding: `cl100k_base` (default) or `o200k_base`. */
  readonly encoding?: 'cl100k_base' | 'o200k_base';
}

/** Token counts for budgets: exact BPE by default, a fast estimate by option. */
export const tokenizerPlugin = definePlugin<TokenizerOptions>((options = {}) => ({
  id: 'builtin/tokenizer',
  version: EP_VERSION,
  engine: `^${EP_VERSION}`,
  description: 'Token counting: exact BPE (js-tiktoken, cl100k_base or o200k_base) or a chars/4 estimate.',
  provides: [Tokenizer],
  async register(registry) {
    const mode = options.mode ?? 'bpe';
    if (mode === 'estimate') {
      const { EstimateTokenizer } = await import('../../tokenizer/estimate-tokenizer.js');
      registry.registerValue(Tokenizer, new EstimateTokenizer());
      return;
    }
    const { BpeTokenizer } = await import('../../tokenizer/bpe-tokenizer.js');
    const { BPE_ENCODINGS } = await import('../../tokenizer/tokenizer.js');
    const encoding = options.encoding ?? 'cl100k_base';
    if (mode !== 'bpe' || !BPE_ENCODINGS.includes(encoding)) {
      throw new EpError(
        'TOKENIZER_INVALID_OPTIONS',
        `builtin/tokenizer options: mode must be "bpe" or "estimate" and encoding one of ${BPE_ENCODINGS.join(', ')}; ` +
          `got mode ${JSON.stringify(mode)}, encoding ${JSON.stringify(encoding)}.`,
        { exitCode: ExitCode.validation },
      );
    }
    registry.registerValue(Tokenizer, new BpeTokenizer(encoding));
  },
}));
