import { stat } from 'node:fs/promises';
import path from 'node:path';
import { EpError, ExitCode } from '../../kernel/errors.js';
import { notRegularFile, PACKAGE_FILE } from '../../limits/checked-file.js';
import { isDatabaseContext, shownDatabaseContext } from './context-location.js';

/** How a package path is shown: relative to the working directory (`../team_context.ep`), unless absolute is shorter. */
export function displayPath(cwd: string, absolute: string): string {
  if (isDatabaseContext(absolute)) return shownDatabaseContext(absolute);
  const relative = path.relative(cwd, absolute);
  if (relative === '' || path.isAbsolute(relative) || relative.length >= absolute.length) return absolute;
  return relative.split(path.sep).join('/');
}

/**
 * A directory, device or FIFO where a package is expected is refused before anything reads, locks or writes
 * it; a package not made yet is fine (a write makes it).
 */
export async function assertPackagePath(absolute: string, shown: string): Promise<void> {
  if (isDatabaseContext(absolute)) return;
  const info = await stat(absolute).catch(() => undefined);
  if (info?.isDirectory()) {
    throw new EpError('INVALID_PACKAGE', `${shown} is a directory, not a .ep package.`, {
      exitCode: ExitCode.validation,
      details: { path: shown },
      suggestion: 'Name a .ep file as the package, for example research_context.ep.',
    });
  }
  if (info && !info.isFile()) throw notRegularFile(shown, info, PACKAGE_FILE);
}

/** A package is only created inside an existing directory; a typo in the directory is reported as such. */
export async function assertParentDirectory(absolute: string, shown: string): Promise<void> {
  if (isDatabaseContext(absolute)) return;
  const info = await stat(path.dirname(absolute)).catch(() => undefined);
  if (!info?.isDirectory()) {
    throw new EpError('FILE_NOT_FOUND', `The directory for ${shown} does not exist: ${path.dirname(absolute)}.`, {
      exitCode: ExitCode.notFound,
      details: { path: shown },
    });
  }
}
