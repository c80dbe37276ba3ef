import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Limits } from '../../src/limits/limits.js';
import { runEp } from '../support/ep-process.js';
import { beforeOrAfter, type StressTarget, type TargetContext } from './target.js';

/** `.edsl/context.json`, written by `ep context use --append`; read back with `ep context current`. */
export const pointerTarget: StressTarget = {
  name: 'context pointer',
  replacesSameKey: true,
  // base.ep is active already: the rest of the active-context limit is left for distinct writes.
  maxDistinctWrites: Limits.activeContexts - 1,

  async prepare(context) {
    const run = await runEp(['context', 'use', '--path', 'base.ep'], context.run());
    if (run.outcome !== 'ok') throw new Error(`ep context use failed: ${run.stdout}${run.problem ?? ''}`);
  },

  command(write) {
    return { args: ['context', 'use', '--append', '--path', `${write.key}.ep`] };
  },

  value() {
    return 'active';
  },

  async load(context) {
    const [file] = await this.files(context);
    const text = await readFile(file!, 'utf8');
    try {
      JSON.parse(text);
    } catch (error) {
      throw new Error(`${file} does not parse: ${(error as Error).message}`);
    }
    const run = await runEp(['context', 'current'], context.run());
    if (run.outcome !== 'ok') throw new Error(`ep context current fails: ${run.envelope?.error?.message ?? run.problem}`);
    const paths = run.envelope!.data.active_context_paths as string[];
    return { items: new Map(paths.map((entry) => [entry.replace(/\.ep$/, ''), 'active'])) };
  },

  crashProblem(before, after, write) {
    return beforeOrAfter(before, after, write);
  },

  async files(context: TargetContext) {
    return [path.join(context.sandbox.work, '.edsl', 'context.json')];
  },
};
