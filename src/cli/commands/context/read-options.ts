import type { Argv } from 'yargs';

export interface ReadArgs {
  path?: string[];
}

/** `--path` (repeatable) on every read command: packages to read instead of the active ones. */
export function withReadPaths<T>(yargs: Argv<T>): Argv<T & ReadArgs> {
  return yargs.option('path', {
    type: 'string',
    array: true,
    describe: 'A .ep package to read instead of the active contexts; repeatable',
  });
}
