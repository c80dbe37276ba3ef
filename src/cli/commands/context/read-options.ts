import type { Argv } from 'yargs';

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
