import { execa } from 'execa';
import { classify, EP_BIN, type EpRun, type EpRunOptions } from './ep-process.js';

export interface MeasuredRun extends EpRun {
  /** Wall time of the whole process, in milliseconds. */
  readonly ms: number;
  /** The largest resident set of `ep` and every process it waited for (git), in KiB. */
  readonly peakKb: number;
}

/**
 * Python reports the children's peak RSS once they are reaped; Linux folds a process's own waited-for
 * children into its figure, so git's memory counts too. The figure goes to stderr after ep's own output.
 * Python also keeps the bound, so a process past it is killed, not left behind.
 */
const PEAK = [
  'import resource, subprocess, sys',
  'try:',
  '    code = subprocess.run(sys.argv[2:], timeout=float(sys.argv[1])).returncode',
  'except subprocess.TimeoutExpired:',
  '    sys.stderr.write("EP_TIMED_OUT\\n")',
  '    code = 124',
  'sys.stderr.write("\\nEP_PEAK_KB %d\\n" % resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)',
  'sys.exit(code)',
].join('\n');

/** Runs `ep` once, like runEp, also measuring its time and peak memory. */
export async function runMeasured(args: readonly string[], options: EpRunOptions): Promise<MeasuredRun> {
  const started = process.hrtime.bigint();
  const result = await execa('python3', ['-c', PEAK, String(options.timeoutMs / 1000), process.execPath, EP_BIN, ...args], {
    cwd: options.cwd,
    env: options.env,
    extendEnv: false,
    reject: false,
    timeout: options.timeoutMs + 10_000,
    killSignal: 'SIGKILL',
    stripFinalNewline: false,
    encoding: 'utf8',
    stdin: 'ignore',
    maxBuffer: 64 * 1024 * 1024,
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const stderr = String(result.stderr ?? '');
  const peak = /\nEP_PEAK_KB (\d+)\n$/.exec(stderr);
  const timedOut = result.timedOut || stderr.includes('EP_TIMED_OUT\n');
  const run = classify(args, { ...result, timedOut, stderr: peak ? stderr.slice(0, peak.index) : stderr });
  return { ...run, ms, peakKb: Number(peak?.[1] ?? Number.NaN) };
}
