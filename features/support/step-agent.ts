import { setTimeout as sleep } from 'node:timers/promises';
import { agent } from '../../src/index.js';

/** An agent for the shared-session scenarios: `steps` makes `count` calls one after another, each one node. */
export class StepAgent {
  @agent('Record one step.')
  step(input: { writer: string; n: number }): number {
    return input.n;
  }

  @agent('Take many small steps, one after another, pausing between them.')
  async steps(input: { writer: string; count: number; pauseMs?: number }): Promise<number> {
    for (let n = 0; n < input.count; n += 1) {
      this.step({ writer: input.writer, n });
      if (input.pauseMs) await sleep(input.pauseMs);
    }
    return input.count;
  }
}
