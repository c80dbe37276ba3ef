import { checkEscapes, targetContext } from './support/context.js';
import { classify, runEp, spawnEp } from './support/ep-process.js';
import type { Figures } from './support/figures.js';
import { fileProblem } from './support/file-checks.js';
import type { SeededRandom } from './support/random.js';
import { Sandbox } from './support/sandbox.js';
import type { PlannedWrite, StressTarget, TargetState } from './targets/target.js';

export interface CrashOptions {
  readonly kills: number;
  readonly random: SeededRandom;
  readonly timeoutMs: number;
}

/**
 * Starts a write, SIGKILLs it at a random moment (weighted towards the end, where the write happens), then
 * checks the target: its files parse, it loads through `ep`, it holds the state before or after the write,
 * and the next write succeeds within the bound (no stale lock or half-made file blocks it).
 */
export async function runCrashes(target: StressTarget, figures: Figures, options: CrashOptions): Promise<void> {
  const label = `${target.name} crash`;
  const sandbox = await Sandbox.create();
  const context = targetContext(sandbox, options.timeoutMs);
  let sequence = 0;
  const nextWrite = (): PlannedWrite => {
    const index = (sequence += 1);
    const key = `k${index}`;
    return { writer: 0, index, key, value: target.value({ writer: 0, index, key }) };
  };
  const writeUnkilled = async (what: string): Promise<number | undefined> => {
    const write = nextWrite();
    const { args, stdin } = target.command(write, context);
    const started = Date.now();
    const run = await runEp(args, { ...context.run(), ...(stdin !== undefined ? { stdin } : {}) });
    figures.add('processes');
    if (run.outcome === 'ok') {
      figures.add('writes');
      return Date.now() - started;
    }
    figures.fail(
      run.outcome === 'hang' ? 'hangs' : run.outcome === 'crash' ? 'crashes' : 'failed writes',
      `${label}: ${what}: ${run.problem ?? `${run.envelope?.error?.code} ${run.envelope?.error?.message}`}`,
    );
    return undefined;
  };
  try {
    await target.prepare(context);
    let duration = (await writeUnkilled('a write before any kill')) ?? 1000;
    // Runs until `kills` writes were really killed; a write that finished first shortens the next delay.
    for (let kills = 0, attempt = 0; kills < options.kills && attempt < options.kills * 3; attempt += 1) {
      const before = await target.load(context);
      const write = nextWrite();
      const { args, stdin } = target.command(write, context);
      const started = Date.now();
      const child = spawnEp(args, { ...context.run(), ...(stdin !== undefined ? { stdin } : {}) });
      figures.add('processes');
      const delay = Math.round(duration * (0.3 + 0.7 * options.random.next()));
      const timer = setTimeout(() => child.kill('SIGKILL'), delay);
      const result = await child;
      clearTimeout(timer);
      if (result.signal === 'SIGKILL' && !result.timedOut) {
        kills += 1;
        figures.add('kills');
      } else {
        const run = classify(args, result);
        if (run.outcome === 'ok') figures.add('writes');
        else
          figures.fail(
            run.outcome === 'error' ? 'failed writes' : run.outcome === 'hang' ? 'hangs' : 'crashes',
            `${label}: ${run.problem ?? run.envelope?.error?.message}`,
          );
        figures.add('writes finished before the kill');
        duration = Math.min(duration, Date.now() - started) * 0.9;
      }
      if (!(await checkState(target, context, figures, `${label} ${attempt + 1}`, before, write))) return;
      // The target must keep working after the kill: stale locks or half-made files would show here.
      await writeUnkilled(`the write after attempt ${attempt + 1}`);
    }
    await checkEscapes(sandbox, figures, label);
  } finally {
    await sandbox.dispose();
  }
}

async function checkState(
  target: StressTarget,
  context: ReturnType<typeof targetContext>,
  figures: Figures,
  label: string,
  before: TargetState,
  write: PlannedWrite,
): Promise<boolean> {
  for (const file of await target.files(context)) {
    const problem = await fileProblem(file);
    if (problem) figures.fail('broken files', `${label}: ${problem}`);
  }
  let after: TargetState;
  try {
    after = await target.load(context);
  } catch (error) {
    figures.fail('broken files', `${label}: ${(error as Error).message}`);
    return false;
  }
  const problem = target.crashProblem(before, after, write);
  if (problem) figures.fail(problem.startsWith('entries lost') ? 'losses' : 'broken files', `${label}: ${problem}`);
  else
    figures.add(
      after.items.get(write.key) !== before.items.get(write.key)
        ? 'crash runs ending in the state after'
        : 'crash runs ending in the state before',
    );
  return true;
}
