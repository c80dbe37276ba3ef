import type { ScoredScenario } from '../records/scenario-list.js';

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
  /** Matches left out because they did not fit. */
  readonly omitted: number;
  /** True when the only match was cut to fit, with a visible marker. */
  readonly truncated: boolean;
}

/** Renders ranked context records into a bounded prompt fragment. A plugin may replace the rendering. */
export interface ContextPackerContract {
  pack(request: PackRequest): PackResult;
}
