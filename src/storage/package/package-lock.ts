import { EpError, ExitCode } from '../../kernel/errors.js';
import { withFileLock } from '../../util/file-lock.js';

export interface LockOptions {
  /** Give up after this long (ms). */
  readonly timeoutMs?: number;
  /** A lock older than this (ms) is stale even if its process seems alive. */
  readonly staleMs?: number;
}

/**
 * The exclusive lock beside a package (`<package>.lock`; see withFileLock). Waiting gives up after two
 * minutes with PACKAGE_LOCKED.
 */
export function withPackageLock<T>(packagePath: string, body: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const lockPath = `${packagePath}.lock`;
  return withFileLock(lockPath, body, {
    timeoutMs: options.timeoutMs ?? 120_000,
    ...(options.staleMs !== undefined ? { staleMs: options.staleMs } : {}),
    timeoutError: () => new EpError('PACKAGE_LOCKED', `${packagePath} is locked by another writer (${lockPath}).`, {
      exitCode: ExitCode.general, details: { path: packagePath, lock: lockPath },
      suggestion: 'Retry later, or remove the lock file if no ep process is writing this package.',
    }),
    missingDirectoryError: () => new EpError('FILE_NOT_FOUND', `Cannot write ${packagePath}: its directory does not exist.`,
      { exitCode: ExitCode.notFound, details: { path: packagePath } }),
  });
}
