import { readlink, realpath } from 'node:fs/promises';
import path from 'node:path';
import { EpError, ExitCode } from '../../kernel/errors.js';

/** As many links as the kernel itself follows before ELOOP. */
const MAX_LINKS = 40;

/**
 * The file a write to `file` replaces. A package path may be a symbolic link (a shared team package linked
 * into a project): the write then goes to the link's target, so the link stays a link and everyone sharing
 * the target sees the record. Links are followed in the last path component only: linked directories need
 * no following, since the temporary file and the lock sit beside the target in its real directory either
 * way. A link to a missing file names the package to create. A path that is no link comes back as given.
 */
export async function packageTarget(file: string): Promise<string> {
  let current = file;
  for (let hops = 0; hops <= MAX_LINKS; hops += 1) {
    const link = await readlink(current).catch(() => undefined);
    if (link === undefined) return current;
    // A relative target is relative to the link's real directory, as the kernel reads it (`..` included).
    const dir = path.dirname(path.resolve(current));
    current = path.resolve(await realpath(dir).catch(() => dir), link);
  }
  throw new EpError('INVALID_PACKAGE', `${file} cannot be written: more than ${MAX_LINKS} symbolic links (a loop?).`, {
    exitCode: ExitCode.validation,
    details: { path: file },
  });
}
