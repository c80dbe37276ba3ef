import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { EpError, ExitCode, isEpError } from '../../kernel/errors.js';
import type { LogEntry, PackageStore } from '../../storage/package-store-contract.js';
import { isDatabaseContext } from './context-location.js';
import { assertPackagePath, assertParentDirectory, displayPath } from './package-path.js';
import { resolveWritePath } from './resolve-context-paths.js';

export interface ContextTransferRequest {
  /** The context copied; the default write context when absent. */
  readonly from?: string;
  /** Where the copy goes (a `.ep` file or a database context that does not exist yet); the default write context when absent. */
  readonly to?: string;
}

export interface ContextTransferResult {
  readonly from: string;
  readonly to: string;
  /** Versions copied, oldest first, each with its message and the commit it became. */
  readonly versions: { from: string; to: string; message: string; timestamp: string }[];
}

/**
 * Copies a context with its history to a new place: every version of `from`, oldest first, saved to `to` with
 * its message, through the package store (so `.ep` packages and database contexts copy either way). A `.ep`
 * copy is built beside its place and renamed into it, so a failed copy leaves no package behind.
 */
export async function transferContext(cwd: string, store: PackageStore, request: ContextTransferRequest): Promise<ContextTransferResult> {
  const from = await resolveWritePath(cwd, request.from);
  const to = await resolveWritePath(cwd, request.to);
  const shown = { from: displayPath(cwd, from), to: displayPath(cwd, to) };
  await assertPackagePath(from, shown.from);
  await assertPackagePath(to, shown.to);
  await assertParentDirectory(to, shown.to);
  if (await historyOf(store, to)) {
    throw new EpError('CONTEXT_EXISTS', `${shown.to} already holds a context; a copy goes only to a new place.`, {
      exitCode: ExitCode.validation,
      details: { path: shown.to },
      suggestion: 'Name a new .ep file or database context to copy to.',
    });
  }
  const history = await historyOf(store, from);
  if (!history) {
    throw new EpError('FILE_NOT_FOUND', `There is no context at ${shown.from} to copy.`, {
      exitCode: ExitCode.notFound,
      details: { path: shown.from },
    });
  }
  const target = isDatabaseContext(to) ? to : path.join(path.dirname(to), `.${path.basename(to)}.copy-${process.pid}.ep`);
  const versions: ContextTransferResult['versions'] = [];
  try {
    for (const entry of [...history].reverse()) {
      const { list } = await store.load(from, { ref: entry.commit });
      const saved = await store.save(target, list, { message: entry.message });
      versions.push({ from: entry.commit, to: saved.commit, message: entry.message, timestamp: entry.timestamp });
    }
    if (target !== to) await rename(target, to);
  } finally {
    if (target !== to) await rm(target, { force: true });
  }
  return { ...shown, versions };
}

/** The context's history, newest first; undefined when nothing is there yet. */
async function historyOf(store: PackageStore, location: string): Promise<LogEntry[] | undefined> {
  try {
    return await store.log(location);
  } catch (error) {
    if (isEpError(error) && error.code === 'FILE_NOT_FOUND') return undefined;
    throw error;
  }
}
