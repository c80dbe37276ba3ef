import type { EpRunOptions } from '../support/ep-process.js';
import type { Sandbox } from '../support/sandbox.js';

/** One write a stress process performs: `key` names what it writes, `value` what it should leave there. */
export interface PlannedWrite {
  readonly writer: number;
  readonly index: number;
  readonly key: string;
  readonly value: string;
}

/** What a target holds after a run, read back through `ep`: key → value, and the commits of its history. */
export interface TargetState {
  readonly items: ReadonlyMap<string, string>;
  /** Commits in the target's history, when it keeps one. */
  readonly commits?: number;
  /** The commit count the target's own metadata records, when it keeps one. */
  readonly recordedCommits?: number;
}

/**
 * Something `ep` writes that several processes may write at once or that a crash may interrupt: a
 * package, a session, the context pointer. Adding a command to the stress suite means adding a target.
 */
export interface StressTarget {
  readonly name: string;
  /** Whether writes with the same key replace each other (packages, the pointer) or always add (sessions). */
  readonly replacesSameKey: boolean;
  /** How many distinct keys the target can hold besides what prepare() made (the pointer: its active-context limit). */
  readonly maxDistinctWrites?: number;
  /** Creates the shared object in the sandbox. */
  prepare(context: TargetContext): Promise<void>;
  /** The value a write leaves under its key. */
  value(write: Omit<PlannedWrite, 'value'>): string;
  /** The `ep` arguments (and stdin) of one write. */
  command(write: PlannedWrite, context: TargetContext): { args: string[]; stdin?: string };
  /** Reads the state back through `ep`; throws an Error saying what is broken when it does not load. */
  load(context: TargetContext): Promise<TargetState>;
  /** After a killed write: undefined when `after` is the state before the write or after it, else what is wrong. */
  crashProblem(before: TargetState, after: TargetState, write: PlannedWrite): string | undefined;
  /** Files a reader could find broken, for the crash suite's parse check. */
  files(context: TargetContext): Promise<string[]>;
}

export interface TargetContext {
  readonly sandbox: Sandbox;
  /** Options for `runEp`/`spawnEp` with the sandbox's env and working dir. */
  run(timeoutMs?: number): EpRunOptions;
}

/** Exactly `before`, or `before` plus the write's key holding one of `values`. */
export function beforeOrAfter(
  before: TargetState,
  after: TargetState,
  write: PlannedWrite,
  values: readonly string[] = [write.value],
): string | undefined {
  const changed: string[] = [];
  for (const [key, value] of after.items) if (before.items.get(key) !== value) changed.push(key);
  const lost = [...before.items.keys()].filter((key) => !after.items.has(key));
  if (lost.length > 0) return `entries lost: ${lost.slice(0, 3).join(', ')}`;
  if (changed.length === 0) return undefined;
  if (changed.length === 1 && changed[0] === write.key && values.includes(after.items.get(write.key)!)) return undefined;
  return `unexpected changes: ${changed
    .slice(0, 3)
    .map((key) => `${key}=${after.items.get(key)}`)
    .join(', ')}`;
}
