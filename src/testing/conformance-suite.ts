import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** What a subject factory gets for one check: a fresh scratch directory, removed afterwards, and cleanups. */
export interface SubjectContext {
  /** An empty directory of the check's own (packages, session homes and working files go here). */
  readonly dir: string;
  /** Runs after the check, last registered first (shut a runtime down, close a server). */
  onCleanup(cleanup: () => unknown): void;
}

/** Makes the implementation under test, fresh for each check, so no check sees another's state. */
export type Subject<T> = (context: SubjectContext) => T | Promise<T>;

/** One named check. `run` throws (an `assert` failure) when the implementation breaks the contract. */
export interface ConformanceCase {
  readonly name: string;
  run(): Promise<void>;
}

/** The checks for one service contract, runnable under any test runner: `for (const c of suite.cases) it(c.name, c.run)`. */
export interface ConformanceSuite {
  /** The contract checked: `SearchEngine`, `PackageStore`, ... */
  readonly contract: string;
  readonly cases: readonly ConformanceCase[];
}

/**
 * Runs `body` with a fresh subject in a fresh scratch directory, then runs the cleanups and removes the
 * directory, whether `body` passes or not: for an author's own tests beside the conformance checks.
 */
export async function withSubject<T, R>(subject: Subject<T>, body: (value: T, context: SubjectContext) => Promise<R> | R): Promise<R> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ep-conformance-'));
  const cleanups: (() => unknown)[] = [];
  const context: SubjectContext = { dir, onCleanup: (cleanup) => void cleanups.push(cleanup) };
  try {
    return await body(await subject(context), context);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await rm(dir, { recursive: true, force: true });
  }
}

/** A check that gets a fresh subject in a fresh scratch directory (see withSubject). */
export function conformanceCase<T>(
  name: string,
  subject: Subject<T>,
  check: (value: T, context: SubjectContext) => Promise<void> | void,
): ConformanceCase {
  return { name, run: () => withSubject(subject, check) };
}

/**
 * Registers a suite with `node:test`, one test per check under one `describe`. Other runners take the cases
 * directly (`describe(suite.contract, () => suite.cases.forEach((c) => it(c.name, c.run)))`).
 */
export async function runConformance(suite: ConformanceSuite, label?: string): Promise<void> {
  const { describe, it } = await import('node:test');
  await describe(label ?? `${suite.contract} conformance`, async () => {
    for (const check of suite.cases) await it(check.name, () => check.run());
  });
}
