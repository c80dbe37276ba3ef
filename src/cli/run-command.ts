import type { ArgumentsCamelCase } from 'yargs';
import type { CommandResult } from './command-result.js';
import { divertAllStdout, sealStdout, withRealStdout } from '../util/stdout-diversion.js';
import { errorEnvelope, okEnvelope, writeEnvelope, writeText } from '../envelope/envelope.js';
import { FLAG_NAMES } from './flag-names.js';

export interface GlobalArgs {
  plugin?: string[];
}

/**
 * Wraps a handler so it always prints one envelope and sets the exit code; nothing a handler throws
 * escapes as a stack trace. Whatever the handler's work prints on stdout (a plugin, an agent function,
 * a timer either starts), and anything printed once the envelope is out, goes to stderr, so the envelope
 * is all stdout carries. The whole process's stdout is diverted (one command is all a CLI process runs),
 * and only the envelope is written past it.
 */
export function runCommand<A>(body: (args: ArgumentsCamelCase<A & GlobalArgs>) => Promise<CommandResult>, options: RunOptions = {}) {
  return async (args: ArgumentsCamelCase<A & GlobalArgs>): Promise<void> => {
    divertAllStdout();
    let delivered!: () => void;
    const output = new Promise<void>((resolve) => (delivered = resolve));
    try {
      const result = await body(args);
      const text = result.text;
      withRealStdout(() =>
        text !== undefined ? writeText(text, delivered) : writeEnvelope(okEnvelope(result.data, result.warnings ?? []), delivered),
      );
      for (const note of result.notes ?? []) process.stderr.write(`${note}\n`);
      process.exitCode = 0;
    } catch (error) {
      const { envelope, exitCode } = errorEnvelope(error, FLAG_NAMES);
      withRealStdout(() => writeEnvelope(envelope, delivered));
      if (process.env.EP_DEBUG && error instanceof Error) process.stderr.write(`${error.stack}\n`);
      process.exitCode = exitCode;
    } finally {
      sealStdout();
    }
    if (options.exitsWhenDone) void output.then(exitUnlessStderrQueued);
  };
}

export interface RunOptions {
  /**
   * The command has done all its work when its envelope is out: it runs no agent code and serves nothing,
   * and everything it starts it awaits. The process then exits once the envelope is written, instead of
   * when Node would: with an empty event loop Node still runs the collection V8 has queued, which after a
   * call that built a large heap (a warm `ep context request` over a big tree, a first read of a package) is
   * an incremental marking and a full garbage collection, some 10 to 30 ms of freeing memory the process is
   * about to return.
   */
  readonly exitsWhenDone?: boolean;
}

/**
 * Exits (running `exit` listeners, with the exit code set) once the output is out: on a pipe, an envelope
 * longer than the pipe holds (a context request's fragments, some 300 KB) is written as the reader takes it,
 * and waiting for that as Node's own exit does would also wait for its collection. Left to Node when stderr
 * still has output queued.
 */
function exitUnlessStderrQueued(): void {
  if (process.stderr.writableLength === 0) process.exit();
}

/** Runtime options every command shares, from the global flags. */
export function runtimeOptions(args: GlobalArgs) {
  return { pluginModules: args.plugin ?? [] };
}
