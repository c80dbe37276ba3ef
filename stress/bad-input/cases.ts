import type { SeededRandom } from '../support/random.js';
import type { RepoEdit } from './bomb-packages.js';
import type { HostileJson } from './hostile-values.js';
import type { RawMember } from './zip-builder.js';

/** A file a case makes before it runs: bytes or text, `null` for a FIFO, `{ link }` for a symbolic link. */
export type CaseFile = string | Uint8Array | null | { readonly link: string };

/** One hostile run of the `ep` command line. */
export interface CliCase {
  readonly family: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly stdin?: string | Uint8Array;
  /** Files made in the case's own working directory first (relative names). */
  readonly files?: Readonly<Record<string, CaseFile>>;
  /** Files whose names depend on where the case runs (`cwd`, absolute), made with `files`. */
  readonly placed?: (cwd: string) => Readonly<Record<string, CaseFile>>;
  /** `ep` runs made next, in the same directory (trusting its config, say); each must succeed. */
  readonly before?: readonly (readonly string[])[];
  /** Files written after the `before` runs (an edit of the config trusted there). */
  readonly filesAfter?: Readonly<Record<string, string | Uint8Array>>;
  /** `error`: the command must refuse it; `ok`: it must succeed; `any`: any envelope will do, as long as nothing breaks. */
  readonly expect: 'error' | 'ok' | 'any';
  /** Text one of the case's files holds that no output may show (an error must not echo a file). */
  readonly secret?: string;
}

/** A tool as `ep tools list` describes it. */
export interface ToolInfo {
  readonly name: string;
  readonly inputSchema: any;
  readonly capabilities: readonly string[];
}

export interface CorpusContext {
  readonly random: SeededRandom;
  readonly tools: readonly ToolInfo[];
  /** A path in the watched parent directory: writing it is an escape. */
  outside(name: string): string;
  /** A shell command that leaves a canary in the watched parent when it runs. */
  canaryCommand(tag: string): string;
  /** The members of a valid package (two records, one commit). */
  readonly base: readonly RawMember[];
  /** The members of a package committed with these files, then changed by `edit`. */
  repo(files: Record<string, string | Buffer>, edit?: RepoEdit): RawMember[];
}

/** A generator of one family of hostile inputs for one command. */
export interface CliCaseFactory {
  readonly name: string;
  build(context: CorpusContext): CliCase | Promise<CliCase>;
}

/**
 * How a JSON argument reaches the command: inline, `@file`, or `@-` on stdin. Bytes that are not UTF-8,
 * NUL characters and anything too long for an argument can only travel in a file or on stdin.
 */
export function deliverJson(json: HostileJson, option: string, random: SeededRandom): Pick<CliCase, 'args' | 'stdin' | 'files'> {
  const text = json.text;
  const inlineOk = typeof text === 'string' && text.length < 100_000 && !text.includes('\u0000') && text !== '' && !text.startsWith('-');
  const route = inlineOk ? random.int(0, 2) : random.int(1, 2);
  if (route === 0) return { args: [option, text as string] };
  if (route === 1) return { args: [option, '@input.json'], files: { 'input.json': text } };
  return { args: [option, '@-'], stdin: text };
}
