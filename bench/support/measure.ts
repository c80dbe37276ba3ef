import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const EP_BIN = path.join(REPO_ROOT, 'bin/ep.cjs');

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A command to time: the program, its arguments, and where it runs (the repository by default). */
export interface TimedCommand {
  readonly command: string;
  readonly args: string[];
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
}

/** Wall time in ms of one run of a command; a failed run is an error (`--help` may exit non-zero). */
function runOnce({ command, args, cwd = REPO_ROOT, env = process.env }: TimedCommand): number {
  const start = process.hrtime.bigint();
  const result = spawnSync(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0 && !args.includes('--help')) {
    throw new Error(`${command} ${args.join(' ')} failed: ${result.stdout}${result.stderr}`);
  }
  return elapsed;
}

/** Median wall time in ms of a command, after one warm-up run. */
export function timeCommand(command: string, args: string[], runs: number, cwd = REPO_ROOT, env: NodeJS.ProcessEnv = process.env): number {
  return timeCommandsInterleaved([{ command, args, cwd, env }], runs)[0]!;
}

/**
 * Median wall times in ms of several commands run in turn, one of each per round after a warm-up round,
 * so machine load and file-cache warmth fall on all of them alike.
 */
export function timeCommandsInterleaved(commands: readonly TimedCommand[], runs: number): number[] {
  const times = commands.map((): number[] => []);
  for (let round = 0; round <= runs; round += 1) {
    commands.forEach((command, i) => {
      const elapsed = runOnce(command);
      if (round > 0) times[i]!.push(elapsed);
    });
  }
  return times.map(median);
}

/** Median time in ms of an in-process function, after warm-up runs. */
export async function timeFunction(body: () => unknown, runs: number, warmup = 2): Promise<number> {
  for (let i = 0; i < warmup; i += 1) await body();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = process.hrtime.bigint();
    await body();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(times);
}

export function row(label: string, ms: number, reference?: number): string {
  const ratio = reference ? `  ${(ms / reference).toFixed(2)}x` : '';
  return `${label.padEnd(48)} ${ms.toFixed(1).padStart(9)} ms${ratio}`;
}

/** The load average when a run started and now: ratios are only comparable between runs on similar load. */
export function loadAverageLine(atStart: readonly number[]): string {
  const shown = (load: readonly number[]) => load.map((x) => x.toFixed(2)).join(' ');
  return `# load average ${shown(atStart)} at the start, ${shown(loadavg())} at the end`;
}
