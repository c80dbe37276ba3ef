import type { PackResult } from '../package/context-packer.js';
import type { ScoredScenario } from '../../records/scenario-list.js';
import { keyText } from '../../records/record-key.js';

/**
 * Positions in `matches` of the records a packer rendered: its own account when it gives one, else its
 * included keys matched to the matches in rank order.
 */
export function renderedPositions(result: PackResult, matches: readonly ScoredScenario[], keyField: string): number[] {
  if (result.includedPositions) return result.includedPositions;
  const positions: number[] = [];
  let next = 0;
  for (const key of result.includedKeys) {
    while (next < matches.length && keyText(matches[next]!.scenario[keyField]) !== key) next += 1;
    if (next === matches.length) break;
    positions.push(next);
    next += 1;
  }
  return positions;
}
