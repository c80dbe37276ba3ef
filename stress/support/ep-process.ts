import { execa, type ResultPromise } from 'execa';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const EP_BIN = path.join(REPO_ROOT, 'bin/ep.cjs');

export interface EpRunOptions {
  readonly cwd: string;
  readonly env: Record<string, string>;
  /** Bytes or text for stdin; stdin is closed (empty) otherwise. */
  readonly stdin?: string | Uint8Array;
  /** The bound: a process still running after this is killed and counted as a hang. */
  readonly timeoutMs: number;
}

export type Outcome = 'ok' | 'error' | 'crash' | 'hang';

export interface EpRun {
  readonly args: readonly string[];
  readonly outcome: Outcome;
  readonly exitCode: number | undefined;
  readonly envelope?: { status: string; data?: any; error?: { code: string; message: string; details?: any } };
  readonly stdout: string;
  readonly stderr: string;
  /** Why the run counts as a crash, when it does. */
  readonly problem?: string;
}

/** A stack frame as Node prints it: `    at fn (file:line:col)` or `    at file:line:col`. */
const STACK_FRAME = /^\s+at .*(?:\(.*:\d+:\d+\)|:\d+:\d+|\(node:[^)]*\)|<anonymous>)\s*$/m;

/** Whether text shows a stack trace, also when it sits JSON-escaped inside a string. */
export function hasStackTrace(text: string): boolean {
  return STACK_FRAME.test(text) || STACK_FRAME.test(text.replaceAll('\\n', '\n'));
}

/** Starts `ep` without waiting: for the crash suite, which kills it. */
export function spawnEp(args: readonly string[], options: EpRunOptions): ResultPromise {
  return execa(process.execPath, [EP_BIN, ...args], {
    cwd: options.cwd,
    env: options.env,
    extendEnv: false,
    reject: false,
    timeout: options.timeoutMs,
    killSignal: 'SIGKILL',
    stripFinalNewline: false,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    ...(options.stdin !== undefined
      ? { input: typeof options.stdin === 'string' ? options.stdin : Buffer.from(options.stdin) }
      : { stdin: 'ignore' }),
  });
}

/** Runs `ep` once and classifies what it printed: one envelope (ok or error), a crash, or a hang. */
export async function runEp(args: readonly string[], options: EpRunOptions): Promise<EpRun> {
  const result = await spawnEp(args, options);
  return classify(args, result);
}

export function classify(
  args: readonly string[],
  result: { stdout?: unknown; stderr?: unknown; exitCode?: number; timedOut?: boolean; signal?: string; isTerminated?: boolean },
): EpRun {
  const stdout = String(result.stdout ?? '');
  const stderr = String(result.stderr ?? '');
  const base = { args, exitCode: result.exitCode, stdout, stderr };
  if (result.timedOut) return { ...base, outcome: 'hang', problem: `no answer within the bound` };
  if (result.signal) return { ...base, outcome: 'crash', problem: `killed by ${result.signal}` };
  if (hasStackTrace(stdout) || hasStackTrace(stderr)) return { ...base, outcome: 'crash', problem: 'a stack trace was printed' };
  let envelope: EpRun['envelope'];
  try {
    envelope = JSON.parse(stdout);
  } catch {
    return { ...base, outcome: 'crash', problem: `stdout is not one JSON envelope: ${JSON.stringify(stdout.slice(0, 200))}` };
  }
  if (envelope?.status === 'ok' && result.exitCode === 0) return { ...base, envelope, outcome: 'ok' };
  if (envelope?.status === 'error' && typeof envelope.error?.code === 'string' && result.exitCode !== 0) {
    return { ...base, envelope, outcome: 'error' };
  }
  return {
    ...base,
    envelope,
    outcome: 'crash',
    problem: `envelope status ${String(envelope?.status)} with exit code ${String(result.exitCode)}`,
  };
}
