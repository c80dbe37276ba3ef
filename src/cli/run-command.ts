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
export function runCommand<A>(body: (args: ArgumentsCamelCase<A & GlobalArgs>) => Promise<CommandResult>) {
  return async (args: ArgumentsCamelCase<A & GlobalArgs>): Promise<void> => {
    divertAllStdout();
    try {
      const result = await body(args);
      const text = result.text;
      withRealStdout(() => (text !== undefined ? writeText(text) : writeEnvelope(okEnvelope(result.data, result.warnings ?? []))));
      for (const note of result.notes ?? []) process.stderr.write(`${note}\n`);
      process.exitCode = 0;
    } catch (error) {
      const { envelope, exitCode } = errorEnvelope(error, FLAG_NAMES);
      withRealStdout(() => writeEnvelope(envelope));
      if (process.env.EP_DEBUG && error instanceof Error) process.stderr.write(`${error.stack}\n`);
      process.exitCode = exitCode;
    } finally {
      sealStdout();
    }
  };
}

/** Runtime options every command shares, from the global flags. */
export function runtimeOptions(args: GlobalArgs) {
  return { pluginModules: args.plugin ?? [] };
}
