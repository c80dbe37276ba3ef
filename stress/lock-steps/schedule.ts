import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SeededRandom } from '../support/random.js';

const CONTENDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'contender.js');
const CONTENDERS = 4;

interface Step {
  readonly kind: 'step' | 'enter' | 'work' | 'exit';
  readonly call?: string;
  readonly path?: string;
}

interface Contender {
  readonly child: ChildProcess;
  readonly exited: Promise<void>;
  /** What it stopped at, waiting to be let go on, in order (calls made together wait together). */
  readonly pending: Step[];
  /** Scheduling rounds it stays stopped (SIGSTOP) for. */
  stoppedFor: number;
  /** The ready contender with the highest priority makes the next step. */
  priority: number;
}

export interface LockStepRun {
  readonly entries: number;
  readonly kills: number;
  readonly stops: number;
  readonly steps: number;
  /** Where two contenders were inside the lock at once, if they ever were. */
  readonly twoHolders?: string;
}

/**
 * Contenders for one `withFileLock` (stress/lock-steps/contender.ts) under a seeded scheduler that lets one
 * of them make one step at a time (a file system call of the lock, entering or leaving it) and at any step
 * may kill one (SIGKILL, then reaped and replaced) or stop one for a while (SIGSTOP). The ready contender of
 * highest priority runs, and priorities drop at random points, as in probabilistic concurrency testing: one
 * contender often runs many steps while another waits in the middle of its own, which is where races
 * between breaking and taking a lock hide. Holders are killed more often than waiters, so there are
 * abandoned locks to break. Stops as soon as two contenders are inside at once.
 */
export async function scheduleLockSteps(seed: number, rounds: number): Promise<LockStepRun> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ep-lock-steps-'));
  const lockPath = path.join(dir, '.lock');
  const random = new SeededRandom(seed);
  const contenders = new Set<Contender>();
  let wake: () => void = () => undefined;
  const start = () => {
    const child = fork(CONTENDER, [lockPath], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    const contender: Contender = {
      child,
      pending: [],
      stoppedFor: 0,
      priority: random.next(),
      exited: new Promise((resolve) => child.once('exit', () => resolve())),
    };
    child.on('message', (step: Step) => {
      contender.pending.push(step);
      wake();
    });
    contenders.add(contender);
  };
  const inside = new Set<Contender>();
  const run = { entries: 0, kills: 0, stops: 0, steps: 0 };
  try {
    for (let i = 0; i < CONTENDERS; i += 1) start();
    for (let round = 0; round < rounds;) {
      for (const c of contenders) if (c.stoppedFor > 0 && (c.stoppedFor -= 1) === 0) c.child.kill('SIGCONT');
      const ready = [...contenders].filter((c) => c.pending.length > 0 && c.stoppedFor === 0);
      if (ready.length === 0) {
        // Everyone is between steps (backing off, starting) or stopped: wait for the next step to be reported.
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 20);
        });
        continue;
      }
      round += 1;
      const chosen = ready.reduce((best, c) => (c.priority > best.priority ? c : best));
      if (random.next() < 0.1) chosen.priority = random.next() * Math.min(...[...contenders].map((c) => c.priority));
      const holding = inside.has(chosen) || chosen.pending[0]!.kind === 'enter';
      const roll = random.next();
      const killing = holding ? 0.1 : 0.02;
      if (roll < killing) {
        // Reaped before anyone judges its lock: a zombie still counts as a running process.
        contenders.delete(chosen);
        inside.delete(chosen);
        chosen.child.kill('SIGKILL');
        await chosen.exited;
        run.kills += 1;
        start();
        continue;
      }
      if (roll < killing + 0.05) {
        chosen.child.kill('SIGSTOP');
        chosen.stoppedFor = random.int(1, 40);
        run.stops += 1;
        continue;
      }
      const step = chosen.pending.shift()!;
      run.steps += 1;
      if (step.kind === 'enter') {
        inside.add(chosen);
        run.entries += 1;
        if (inside.size > 1)
          return { ...run, twoHolders: `seed ${seed}, round ${round}: ${inside.size} contenders inside the lock at once` };
      } else if (step.kind === 'exit') inside.delete(chosen);
      chosen.child.send('go');
    }
    return run;
  } finally {
    for (const c of contenders) {
      c.child.kill('SIGKILL');
      c.child.kill('SIGCONT');
    }
    await Promise.all([...contenders].map((c) => c.exited));
    await rm(dir, { recursive: true, force: true });
  }
}
