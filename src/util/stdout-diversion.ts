/* eslint-disable @typescript-eslint/unbound-method -- `write` is inspected, wrapped and re-applied with its receiver, never unbound */
import { AsyncLocalStorage } from 'node:async_hooks';

const diverted = new AsyncLocalStorage<true>();
/** Marks the wrapper, so it is installed again if something replaced `process.stdout.write` since. */
const DIVERTING = Symbol('ep.divertingWrite');
let sealed = false;
/** Set once the whole process's stdout is diverted (divertAllStdout). */
let processDiverted = false;

/**
 * Runs `body` with its stdout sent to stderr: `process.stdout.write`, and `console.log` through it, from
 * `body` and from everything it starts (promises, timers, streams, even ones that fire after it returned).
 * The CLI's stdout carries exactly one envelope, so agent functions and plugins that print must not reach it.
 *
 * The diversion follows the async context, not the clock: code outside `body` (the envelope writer, or a
 * host embedding `ep` writing at the same time) keeps the real stdout throughout, and nothing needs
 * restoring afterwards, on success or error. `process.stdout.write` is wrapped on first use (and again if
 * something replaced it since) by a function that passes every write from outside a diverted context
 * through unchanged. Writes that bypass
 * the stream (`fs.writeSync(1, ...)`, a child process given the inherited descriptor) are not diverted.
 */
export function divertStdout<T>(body: () => T): T {
  if (!(DIVERTING in process.stdout.write)) installDiversion();
  return diverted.run(true, body);
}

/**
 * From now on, sends every write to stdout, from any context, to stderr; the one result is then written
 * through `withRealStdout`. For a process that is one command (the CLI), where nothing but the envelope may
 * reach stdout. It does what `divertStdout` does without tracking async context: AsyncLocalStorage's first
 * `run` turns on a hook for every promise the process makes afterwards, which costs a short command some
 * 20 ms.
 */
export function divertAllStdout(): void {
  processDiverted = true;
  if (!(DIVERTING in process.stdout.write)) installDiversion();
}

/**
 * Sends every later write to stdout to stderr, from any context: for a process whose stdout carries one
 * result (the CLI, once its envelope is out). It also covers what async context cannot attribute, such
 * as an `exit` listener agent code added to `process`.
 */
export function sealStdout(): void {
  sealed = true;
  if (!(DIVERTING in process.stdout.write)) installDiversion();
}

/**
 * Runs `body` with the real stdout even when called from diverted code or in a diverted process (the
 * CLI's envelope, a last-resort error report); not once stdout is sealed.
 */
export function withRealStdout<T>(body: () => T): T {
  const wasDiverted = processDiverted;
  processDiverted = false;
  try {
    return diverted.exit(body);
  } finally {
    processDiverted = wasDiverted;
  }
}

function installDiversion(): void {
  const stdout = process.stdout;
  const write = stdout.write;
  stdout.write = function divertedWrite(this: unknown, ...args: Parameters<typeof write>): boolean {
    const toStderr = sealed || processDiverted || diverted.getStore();
    return toStderr ? Reflect.apply(process.stderr.write, process.stderr, args) : write.apply(stdout, args);
  } as typeof write;
  Object.defineProperty(stdout.write, DIVERTING, { value: true });
}
