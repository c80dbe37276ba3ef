import { EpError, ExitCode } from '../kernel/errors.js';

/** What yargs knows about the options of the command being run (the object its `check` receives). */
export interface DeclaredOptions {
  readonly array: readonly string[];
  readonly string: readonly string[];
  readonly number: readonly string[];
  readonly alias: Readonly<Record<string, readonly string[]>>;
  readonly default: Readonly<Record<string, unknown>>;
}

/**
 * Rules every command's options follow, whatever the command, so no command needs its own check:
 *
 * - an option not declared as an array is given at most once (yargs would turn `--key a --key b` into a
 *   list, or keep the last one silently);
 * - a string option (positionals included) has a value: `--path`, `--path ''` and `--path=` are refused,
 *   unless the option declares `default: ''`, which says the empty string is a value it handles;
 * - a number option has a number: `--top-k`, `--top-k ''` (which yargs reads as 0) and `--top-k abc` are
 *   refused.
 *
 * `args` are the words of the command line as given, for what the parsed values no longer show.
 */
export function checkOptionValues(parsed: Readonly<Record<string, unknown>>, options: DeclaredOptions, args: readonly string[]): void {
  const aliases = new Set(Object.values(options.alias).flat());
  const declared = [...new Set([...options.string, ...options.number])].filter((key) => !aliases.has(key));
  const command = ((parsed._ as unknown[] | undefined) ?? []).join(' ');
  for (const key of declared) {
    if (!Object.prototype.hasOwnProperty.call(parsed, key)) continue;
    const names = namesOf(key, options);
    const problem = problemWith(key, parsed[key], options, givenEmpty(args, names));
    if (problem !== undefined) {
      const shown = givenAsFlag(args, names) ? `--${key}` : `<${key}>`;
      throw new EpError('USAGE_ERROR', `${shown} ${problem}`, {
        exitCode: ExitCode.usage,
        details: { option: key },
        suggestion: `Run \`ep ${command || '<command>'} --help\` for the options it takes.`,
      });
    }
  }
}

/** What is wrong with the value of `key`, if anything; `empty` says the command line gave it as `--key=` or `--key ''`. */
function problemWith(key: string, value: unknown, options: DeclaredOptions, empty: boolean): string | undefined {
  if (Array.isArray(value) && !options.array.includes(key)) return `was given ${value.length} times; give it once.`;
  const values: unknown[] = Array.isArray(value) ? value : [value];
  if (options.number.includes(key)) {
    return empty || values.some((item) => typeof item !== 'number' || Number.isNaN(item)) ? 'needs a number.' : undefined;
  }
  return values.includes('') && options.default[key] !== '' ? 'needs a value; an empty one is not accepted.' : undefined;
}

/** The names a user may type for an option: the key, its aliases, and their camelCase spellings. */
function namesOf(key: string, options: DeclaredOptions): string[] {
  const names = [key, ...(options.alias[key] ?? [])];
  return [...new Set([...names, ...names.map((name) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()))])];
}

/** `--name=` or `--name ''` before any `--`: an empty value that yargs turns into 0 for a number. */
function givenEmpty(args: readonly string[], names: readonly string[]): boolean {
  const words = optionWords(args);
  return words.some((word, i) => names.some((name) => word === `--${name}=` || (word === `--${name}` && words[i + 1] === '')));
}

/** Whether the value came from a flag (`--id x`) rather than a positional (`show x`), to name it as typed. */
function givenAsFlag(args: readonly string[], names: readonly string[]): boolean {
  return optionWords(args).some((word) => names.some((name) => word === `--${name}` || word.startsWith(`--${name}=`)));
}

function optionWords(args: readonly string[]): readonly string[] {
  const end = args.indexOf('--');
  return end === -1 ? args : args.slice(0, end);
}
