import { runEp, spawnEp, classify } from './support/ep-process.js';
import type { Figures } from './support/figures.js';
import type { SeededRandom } from './support/random.js';
import { Sandbox } from './support/sandbox.js';

export interface ClearUseRaceOptions {
  readonly rounds: number;
  /** `ep context use --append` processes racing each clear. */
  readonly appenders: number;
  readonly random: SeededRandom;
  readonly timeoutMs: number;
}

/**
 * `ep context clear` racing `ep context use --append`: each round starts from a pointer naming `base.ep`,
 * starts one clear and a few appends at once (each a little later, at random), and then the pointer must
 * hold no trace of `base.ep`: the clear came after every append (no pointer at all) or before some of them
 * (a pointer holding only their packages). `base.ep` back means an append wrote back what the clear removed.
 */
export async function runClearUseRaces(figures: Figures, options: ClearUseRaceOptions): Promise<void> {
  const sandbox = await Sandbox.create();
  const run = { cwd: sandbox.work, env: sandbox.env(), timeoutMs: options.timeoutMs };
  try {
    for (let round = 0; round < options.rounds; round += 1) {
      const start = await runEp(['context', 'use', '--path', 'base.ep'], run);
      if (start.outcome !== 'ok') throw new Error(`ep context use failed: ${start.stdout}`);
      const commands = [
        ['context', 'clear'],
        ...Array.from({ length: options.appenders }, (_, i) => ['context', 'use', '--append', '--path', `r${round}-${i}.ep`]),
      ];
      const runs = await Promise.all(
        commands.map(async (args) => {
          await new Promise((resolve) => setTimeout(resolve, options.random.int(0, 40)));
          return classify(args, await spawnEp(args, run));
        }),
      );
      figures.add('processes', runs.length + 2);
      for (const [i, result] of runs.entries()) {
        if (result.outcome === 'crash' || result.outcome === 'hang')
          figures.fail(
            result.outcome === 'crash' ? 'crashes' : 'hangs',
            `clear and use, round ${round}: ${commands[i]!.join(' ')}: ${result.problem}`,
          );
        else if (result.outcome === 'error')
          figures.fail('failed writes', `clear and use, round ${round}: ${commands[i]!.join(' ')}: ${result.envelope?.error?.message}`);
      }
      const current = await runEp(['context', 'current'], run);
      figures.add('clear races');
      if (current.outcome === 'ok') {
        const paths = current.envelope!.data.active_context_paths as string[];
        if (paths.includes('base.ep'))
          figures.fail('undone clears', `round ${round}: after the clear the pointer names ${paths.join(', ')}`);
      } else if (current.envelope?.error?.code !== 'CONTEXT_NOT_CONFIGURED') {
        figures.fail('broken files', `clear and use, round ${round}: ep context current: ${current.stdout.slice(0, 300)}`);
      }
    }
  } finally {
    await sandbox.dispose();
  }
}
