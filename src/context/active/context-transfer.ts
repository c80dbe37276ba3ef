import { EpError, ExitCode, isEpError } from '../../kernel/errors.js';
import { contextExists } from '../../storage/history-versions.js';
import type { HistoryVersion, LogEntry, PackageStore } from '../../storage/package-store-contract.js';
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
  /** Versions copied, oldest first, each with its message, the commit it became and the time it keeps. */
  readonly versions: { from: string; to: string; message: string; timestamp: string }[];
}

/**
 * Copies a context with its history to a new place: every version of `from`, oldest first, with its message
 * and time, saved to `to` by the package store's `saveHistory` in one go (so `.ep` packages and database
 * contexts copy either way). The target store writes all of it or nothing: a copy that fails part-way leaves
 * no context behind, and running it again starts afresh. Versions are read from `from` one at a time, as the
 * target saves them.
 */
export async function transferContext(cwd: string, store: PackageStore, request: ContextTransferRequest): Promise<ContextTransferResult> {
  const from = await resolveWritePath(cwd, request.from);
  const to = await resolveWritePath(cwd, request.to);
  const shown = { from: displayPath(cwd, from), to: displayPath(cwd, to) };
  const saveHistory = store.saveHistory?.bind(store);
  if (!saveHistory) {
    // Saving version by version could leave half a copy behind; a store that cannot save all at once copies nothing.
    throw new EpError(
      'NOT_SUPPORTED',
      'The package store in use cannot save a whole history at once, so contexts cannot be copied with it.',
      {
        exitCode: ExitCode.usage,
        suggestion: 'Use a package store that implements saveHistory (the built-in .ep and PostgreSQL stores do).',
      },
    );
  }
  await assertPackagePath(from, shown.from);
  await assertPackagePath(to, shown.to);
  await assertParentDirectory(to, shown.to);
  // Checked here too, so a copy to a context that exists is refused before its source is read.
  if (await historyOf(store, to)) throw contextExists(shown.to);
  const history = await historyOf(store, from);
  if (!history) {
    throw new EpError('FILE_NOT_FOUND', `There is no context at ${shown.from} to copy.`, {
      exitCode: ExitCode.notFound,
      details: { path: shown.from },
    });
  }
  const oldestFirst = [...history].reverse();
  const saved = await saveHistory(to, versionsOf(store, from, oldestFirst));
  const versions = saved.versions.map((version, n) => ({
    from: oldestFirst[n]!.commit,
    to: version.commit,
    message: version.message,
    timestamp: version.timestamp,
  }));
  return { ...shown, versions };
}

async function* versionsOf(store: PackageStore, from: string, oldestFirst: readonly LogEntry[]): AsyncGenerator<HistoryVersion> {
  for (const entry of oldestFirst) {
    const { list } = await store.load(from, { ref: entry.commit });
    yield { list, message: entry.message, timestamp: entry.timestamp };
  }
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
