import { EpError, ExitCode, isDiskFull } from '../../kernel/errors.js';
import { withFileLock } from '../../util/file-lock.js';
import { packageTarget } from './package-target.js';

export interface LockOptions {
  /** Give up after this long (ms). */
  readonly timeoutMs?: number;
  /** A lock older than this (ms) is stale even if its process seems alive. */
  readonly staleMs?: number;
}

/**
 * The exclusive lock of a package (`<package>.lock`; see withFileLock), held while `body` writes it. A
 * package path that is a symbolic link is locked and written at its target (see packageTarget), which
 * `body` receives, so writers through the link and writers of the target exclude each other. Waiting gives
 * up after two minutes with PACKAGE_LOCKED. Package writes are atomic, so running out of disk space at any
 * step leaves the package as it was: that is DISK_FULL, and says so.
 */
export async function withPackageLock<T>(packagePath: string, body: (target: string) => Promise<T>, options: LockOptions = {}): Promise<T> {
  const target = await packageTarget(packagePath);
  const lockPath = `${target}.lock`;
  try {
    return await withFileLock(lockPath, () => body(target), {
      timeoutMs: options.timeoutMs ?? 120_000,
      ...(options.staleMs !== undefined ? { staleMs: options.staleMs } : {}),
      timeoutError: () =>
        new EpError('PACKAGE_LOCKED', `${packagePath} is locked by another writer (${lockPath}).`, {
          exitCode: ExitCode.general,
          details: { path: packagePath, lock: lockPath },
          suggestion: 'Retry later, or remove the lock file if no ep process is writing this package.',
        }),
      missingDirectoryError: () =>
        new EpError('FILE_NOT_FOUND', `Cannot write ${packagePath}: its directory does not exist.`, {
          exitCode: ExitCode.notFound,
          details: { path: packagePath },
        }),
    });
  } catch (error) {
    if (!isDiskFull(error)) throw error;
    throw new EpError('DISK_FULL', `No space left on the device to write ${packagePath}; nothing was changed.`, {
      exitCode: ExitCode.general,
      details: { path: packagePath, ...(target !== packagePath ? { target } : {}) },
      cause: error,
      suggestion: 'Free some space where the package and the temporary directory (TMPDIR) live, then retry.',
    });
  }
}
