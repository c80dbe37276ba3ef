import { stat } from 'node:fs/promises';
import { isEpError } from '../../kernel/errors.js';
import { digestCheckedFile, PACKAGE_FILE } from '../../limits/checked-file.js';

// What a read-cache sidecar is stamped with (see sidecar/sidecar-stamp.ts): the package file's identity, and
// the digest of its bytes for when the identity changed but the bytes may not have (a copy, a touched file).

/** What changes whenever a file is replaced or rewritten: device, inode, size and nanosecond times. */
export async function fileIdentity(file: string): Promise<string | undefined> {
  try {
    const info = await stat(file, { bigint: true });
    if (!info.isFile()) return undefined;
    return `${info.dev}:${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
  } catch {
    return undefined;
  }
}

/**
 * The package file's digest, read through the checked reader: a device or FIFO named as a package is
 * INVALID_PACKAGE at once, before anything reads it. Undefined when the file is missing, unreadable or
 * larger than packages may be: the store then reports why, with its own error codes and limits.
 */
export async function digestOf(file: string): Promise<string | undefined> {
  try {
    return await digestCheckedFile(file, PACKAGE_FILE);
  } catch (error) {
    if (isEpError(error) && error.code !== 'LIMIT_EXCEEDED') throw error;
    return undefined;
  }
}
