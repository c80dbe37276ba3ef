import type { Figures } from '../support/figures.js';
import { scheduleLockSteps } from './schedule.js';

/** The lock under the step scheduler, for `seeds` seeds from `firstSeed`: figures for each run, a failure for two holders. */
export async function runLockSteps(figures: Figures, options: { firstSeed: number; seeds: number; decisions: number }): Promise<void> {
  for (let seed = options.firstSeed; seed < options.firstSeed + options.seeds; seed += 1) {
    const run = await scheduleLockSteps(seed, options.decisions);
    figures.add('lock steps', run.steps);
    figures.add('lock holders killed or stopped', run.kills + run.stops);
    figures.add('lock entries', run.entries);
    if (run.twoHolders) figures.fail('two lock holders', run.twoHolders);
    if (run.entries === 0) figures.fail('hangs', `lock steps, seed ${seed}: the lock was never taken`);
  }
}
