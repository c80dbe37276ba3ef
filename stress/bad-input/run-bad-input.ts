import type { Figures } from '../support/figures.js';
import type { SeededRandom } from '../support/random.js';

export interface BadInputOptions {
  readonly random: SeededRandom;
  readonly cliInputs: number;
  readonly mcpInputs: number;
  readonly timeoutMs: number;
}

export async function runBadInput(_figures: Figures, _options: BadInputOptions): Promise<void> {}
