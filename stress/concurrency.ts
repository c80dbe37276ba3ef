import { checkEscapes, targetContext } from './support/context.js';
import { runEp } from './support/ep-process.js';
import type { Figures } from './support/figures.js';
import { watchFiles } from './support/file-checks.js';
import { mapPool } from './support/pool.js';
import { Sandbox } from './support/sandbox.js';
import type { PlannedWrite, StressTarget } from './targets/target.js';

export interface ConcurrencyOptions {
  readonly processes: number;
  readonly writesPerProcess: number;
  /** All processes write these few keys instead of distinct ones. */
  readonly sharedKeys?: number;
  readonly timeoutMs: number;
}

/**
 * `processes` lanes start at once, each running `writesPerProcess` `ep` writes one after another, all into one
 * target. Meanwhile a reader keeps opening the target's files. Afterwards every write must be there (or, for
 * shared keys, every key holds one of the values written to it), the target loads, and its history holds
 * one commit per effective write.
 */
export async function runConcurrency(target: StressTarget, figures: Figures, options: ConcurrencyOptions): Promise<void> {
  const writes = options.sharedKeys ? `writes to ${options.sharedKeys} shared keys` : 'distinct writes';
  const label = `${target.name}, ${options.processes}×${options.writesPerProcess} ${writes}`;
  const sandbox = await Sandbox.create();
  const context = targetContext(sandbox, options.timeoutMs);
  try {
    await target.prepare(context);
    const base = await target.load(context);
    const lanes = Array.from({ length: options.processes }, (_, writer) =>
      Array.from({ length: options.writesPerProcess }, (_, index): PlannedWrite => {
        const slot = writer * options.writesPerProcess + index;
        const key = options.sharedKeys ? `shared-${slot % options.sharedKeys}` : `w${writer}-r${index}`;
        return { writer, index, key, value: target.value({ writer, index, key }) };
      }),
    );
    const written: PlannedWrite[] = [];
    const writing = mapPool(lanes, lanes.length, async (lane) => {
      for (const write of lane) {
        const { args, stdin } = target.command(write, context);
        const run = await runEp(args, { ...context.run(), ...(stdin !== undefined ? { stdin } : {}) });
        figures.add('processes');
        if (run.outcome === 'ok') {
          figures.add('writes');
          written.push(write);
        } else if (run.outcome === 'crash' || run.outcome === 'hang') {
          figures.fail(
            run.outcome === 'crash' ? 'crashes' : 'hangs',
            `${label}: ${write.key}: ${run.problem}\n${run.stderr.slice(0, 800)}`,
          );
        } else {
          figures.fail('failed writes', `${label}: ${write.key}: ${run.envelope?.error?.code} ${run.envelope?.error?.message}`);
        }
      }
    });
    const watched = await watchFiles(() => target.files(context), writing);
    await writing;
    figures.add('reads while writing', watched.reads);
    for (const problem of watched.problems) figures.fail('broken files', `${label}: read while writing: ${problem}`);

    let state;
    try {
      state = await target.load(context);
    } catch (error) {
      figures.fail('broken files', `${label}: ${(error as Error).message}`);
      return;
    }
    const valuesByKey = new Map<string, string[]>();
    for (const write of written) valuesByKey.set(write.key, [...(valuesByKey.get(write.key) ?? []), write.value]);
    for (const [key, values] of valuesByKey) {
      const held = state.items.get(key);
      const ok = target.replacesSameKey ? held !== undefined && values.includes(held) : held === values[0];
      if (!ok) figures.fail('losses', `${label}: ${key} holds ${String(held)}, written ${values.slice(0, 3).join(' | ')}`);
    }
    for (const key of base.items.keys()) if (!state.items.has(key)) figures.fail('losses', `${label}: ${key} (present before) is gone`);
    // Every write changes something (values are unique), so each must be one commit on top of the start.
    if (base.commits !== undefined && state.commits !== base.commits + written.length) {
      figures.fail('losses', `${label}: history holds ${state.commits} commits, expected ${base.commits + written.length}`);
    }
    if (state.recordedCommits !== undefined && state.recordedCommits !== state.commits) {
      figures.fail('broken files', `${label}: metadata records ${state.recordedCommits} commits, history holds ${state.commits}`);
    }
    await checkEscapes(sandbox, figures, label);
  } finally {
    await sandbox.dispose();
  }
}
