import { createToken } from '../../kernel/token.js';
import type { ScoredScenario } from '../../records/scenario-list.js';

export interface PackRequest {
  /** Search results, best first; packing never re-ranks or re-searches. */
  readonly matches: readonly ScoredScenario[];
  /** Most characters (code points) of the rendered text. */
  readonly charBudget: number;
  readonly keyField: string;
}

export interface PackResult {
  readonly promptContext: string;
  /** Keys of the records rendered, in rank order. */
  readonly includedKeys: string[];
  /**
   * Positions in `matches` of the records rendered, in rank order: tells apart two records with one key
   * (one from each of two packages). A packer that leaves it out is read by matching `includedKeys` in order.
   */
  readonly includedPositions?: number[];
  /** Matches left out because they did not fit. */
  readonly omitted: number;
  /** True when no match fit whole and the top match was cut to fit, ending in a visible marker. */
  readonly truncated: boolean;
}

/** Renders ranked context records into a bounded prompt fragment. A plugin may replace the rendering. */
export interface ContextPacker {
  pack(request: PackRequest): PackResult;
}

/** Renders ranked context records into a bounded prompt fragment (`ScenarioContext.pack`). */
export const ContextPacker = createToken<ContextPacker>('ep.ContextPacker');
