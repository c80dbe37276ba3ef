import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const EP_BIN = path.join(REPO_ROOT, 'bin/ep.js');

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Median wall time in ms of a command, after one warm-up run. */
export function timeCommand(command: string, args: string[], runs: number, cwd = REPO_ROOT, env: NodeJS.ProcessEnv = process.env): number {
  const times: number[] = [];
  for (let i = 0; i <= runs; i += 1) {
    const start = process.hrtime.bigint();
    const result = spawnSync(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
    if (result.status !== 0 && !args.includes('--help')) {
      throw new Error(`${command} ${args.join(' ')} failed: ${result.stdout}${result.stderr}`);
    }
    if (i > 0) times.push(elapsed);
  }
  return median(times);
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
