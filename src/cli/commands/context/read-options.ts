import type { Argv } from 'yargs';
import { EpError, ExitCode } from '../../../kernel/errors.js';

export interface ReadArgs {
  path?: string[];
}

/** `--path` (repeatable) on every read command: packages to read instead of the active ones. */
export function withReadPaths<T>(yargs: Argv<T>): Argv<T & ReadArgs> {
  return yargs.option('path', { type: 'string', array: true, describe: 'A .ep package to read instead of the active contexts; repeatable' }) as Argv<T & ReadArgs>;
}

/** Only the keys given, so absent options keep the library defaults. */
export function given<T extends Record<string, unknown>>(values: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as never;
}

/** yargs turns a repeated single-value option into a list; say so instead of using one of them silently. */
export function singleValues(args: Record<string, unknown>, options: readonly string[]): void {
  for (const option of options) {
    if (Array.isArray(args[option])) {
      throw new EpError('USAGE_ERROR', `--${option} was given ${(args[option] as unknown[]).length} times; give it once.`, {
        exitCode: ExitCode.usage, details: { option },
      });
    }
  }
}
