import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { fsPromises } from '../util/lazy-fs-promises.js';
import { EpError, ExitCode } from '../kernel/errors.js';
import { limitExceeded, Limits } from './limits.js';
import { nodeCrypto } from '../util/lazy-crypto.js';

/**
 * How a file named from outside is read: what it is (for messages), the most bytes it may hold, and the
 * error code for a path that is not a regular file (`INVALID_INPUT` for JSON inputs, `INVALID_PACKAGE`).
 */
export interface CheckedFileOptions {
  /** Names the limit in a LIMIT_EXCEEDED message: "--json", "The ep config", "Package file x.ep". */
  readonly what: string;
  readonly maxBytes: number;
  readonly notRegularCode?: 'INVALID_INPUT' | 'INVALID_PACKAGE';
  readonly suggestion?: string;
}

/** A `.ep` package file: INVALID_PACKAGE when it is not a regular file, at most the package size limit. */
export const PACKAGE_FILE: CheckedFileOptions = { what: 'Package file', maxBytes: Limits.packageBytes, notRegularCode: 'INVALID_PACKAGE' };

/** A file of the read cache (a sidecar, a history entry): never larger than a package may be. */
export const CACHE_ENTRY_FILE: CheckedFileOptions = { what: 'A cache entry', maxBytes: Limits.packageBytes };

/**
 * Non-blocking, so opening a FIFO returns at once instead of waiting for a writer; no controlling terminal,
 * should a terminal device slip in between the check and the open.
 */
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOCTTY ?? 0);
const CHUNK_BYTES = 1024 * 1024;

function kindOf(info: Stats): string {
  if (info.isDirectory()) return 'a directory';
  if (info.isFIFO()) return 'a named pipe (FIFO)';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  if (info.isSocket()) return 'a socket';
  return 'neither a file nor a directory';
}

/** The error for a path that is not a regular file, saying what it is instead. */
export function notRegularFile(file: string, info: Stats, options: CheckedFileOptions): EpError {
  return notRegular(file, kindOf(info), options);
}

function notRegular(file: string, kind: string, options: CheckedFileOptions): EpError {
  const code = options.notRegularCode ?? 'INVALID_INPUT';
  return new EpError(code, `${file} is not a regular file: it is ${kind}.`, {
    exitCode: code === 'INVALID_PACKAGE' ? ExitCode.validation : ExitCode.usage,
    details: { path: file, kind },
    ...(options.suggestion ? { suggestion: options.suggestion } : {}),
  });
}

/**
 * Errors of the system rather than of the file become their own error: running out of descriptors is never
 * reported as a broken package. A socket cannot be opened at all (ENXIO): it is not a regular file either.
 * Anything else (ENOENT, EACCES) stays Node's error, for the caller to report in its own words.
 */
function systemError(error: unknown, file: string, options: CheckedFileOptions): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EMFILE' || code === 'ENFILE') {
    return new EpError('TOO_MANY_OPEN_FILES', `The process has too many files open to read ${file}.`, {
      exitCode: ExitCode.general,
      details: { path: file, errno: code },
      cause: error,
      suggestion: 'Raise the open-file limit (ulimit -n), or read fewer files at once.',
    });
  }
  if (code === 'ENXIO') return notRegular(file, 'a socket', options);
  return error;
}

function assertRegular(file: string, info: Stats, options: CheckedFileOptions): void {
  if (!info.isFile()) throw notRegular(file, kindOf(info), options);
  if (info.size > options.maxBytes) throw limitExceeded(`${options.what} size`, info.size, options.maxBytes, 'bytes', { path: file });
}

/** For a path that may name a file yet to be made: nothing when missing, refused when it is not a regular file. */
export async function assertRegularFileOrMissing(file: string, options: CheckedFileOptions): Promise<void> {
  const info = await fsPromises()
    .stat(file)
    .catch(() => undefined);
  if (info && !info.isFile()) throw notRegular(file, kindOf(info), options);
}

export function assertRegularFileOrMissingSync(file: string, options: CheckedFileOptions): void {
  const info = statSync(file, { throwIfNoEntry: false });
  if (info && !info.isFile()) throw notRegular(file, kindOf(info), options);
}

/**
 * Opens a file named from outside for reading, after proving it is a regular file within the size limit:
 * checked by path first (so a device is never opened), then again on the open descriptor (what is read).
 * The one way in for every path a user, a pointer, a config or an MCP client names.
 */
export async function withCheckedFile<T>(
  file: string,
  options: CheckedFileOptions,
  body: (handle: FileHandle, size: number) => Promise<T>,
): Promise<T> {
  let handle: FileHandle;
  try {
    const fs = fsPromises();
    assertRegular(file, await fs.stat(file), options);
    handle = await fs.open(file, OPEN_FLAGS);
  } catch (error) {
    throw systemError(error, file, options);
  }
  try {
    const info = await handle.stat();
    assertRegular(file, info, options);
    return await body(handle, info.size);
  } finally {
    await handle.close();
  }
}

/** The whole file, never more than the limit, whatever size it claims or grows to while read. */
export function readCheckedFile(file: string, options: CheckedFileOptions): Promise<Buffer> {
  return withCheckedFile(file, options, async (handle, size) => {
    const reader = new BoundedBuffer(file, size, options);
    for (;;) {
      const { bytesRead } = await handle.read(reader.buffer, reader.length, reader.room, reader.length);
      if (bytesRead === 0) return reader.bytes();
      reader.grew(bytesRead);
    }
  });
}

/**
 * A descriptor open for reading on a regular file within the size limit, checked by path and again on the
 * descriptor, with its stat; the caller closes it.
 */
export function openCheckedFileSync(file: string, options: CheckedFileOptions): { fd: number; info: Stats } {
  let fd: number;
  try {
    assertRegular(file, statSync(file), options);
    fd = openSync(file, OPEN_FLAGS);
  } catch (error) {
    throw systemError(error, file, options);
  }
  try {
    const info = fstatSync(fd);
    assertRegular(file, info, options);
    return { fd, info };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

export function readCheckedFileSync(file: string, options: CheckedFileOptions): Buffer {
  const { fd, info } = openCheckedFileSync(file, options);
  try {
    const reader = new BoundedBuffer(file, info.size, options);
    for (;;) {
      const bytesRead = readSync(fd, reader.buffer, reader.length, reader.room, reader.length);
      if (bytesRead === 0) return reader.bytes();
      reader.grew(bytesRead);
    }
  } finally {
    closeSync(fd);
  }
}

/** SHA-256 of the file's bytes, read in pieces (no copy of a large package is kept), within the limit. */
export function digestCheckedFile(file: string, options: CheckedFileOptions): Promise<string> {
  return withCheckedFile(file, options, async (handle, size) => {
    const hash = nodeCrypto().createHash('sha256');
    const chunk = Buffer.allocUnsafe(Math.max(1, Math.min(CHUNK_BYTES, size + 1)));
    let total = 0;
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, total);
      if (bytesRead === 0) return hash.digest('hex');
      total += bytesRead;
      if (total > options.maxBytes) throw limitExceeded(`${options.what} size`, total, options.maxBytes, 'bytes', { path: file });
      hash.update(chunk.subarray(0, bytesRead));
    }
  });
}

/**
 * The bytes read so far: sized for the file's claimed size plus one byte, so one read finds the end of a
 * file that did not change; grown when it did, and refused past the limit.
 */
class BoundedBuffer {
  buffer: Buffer;
  length = 0;

  constructor(
    private readonly file: string,
    claimed: number,
    private readonly options: CheckedFileOptions,
  ) {
    this.buffer = Buffer.allocUnsafe(Math.min(claimed, options.maxBytes) + 1);
  }

  get room(): number {
    return this.buffer.length - this.length;
  }

  grew(bytesRead: number): void {
    this.length += bytesRead;
    if (this.length > this.options.maxBytes) {
      throw limitExceeded(`${this.options.what} size`, this.length, this.options.maxBytes, 'bytes', { path: this.file });
    }
    if (this.room > 0) return;
    const larger = Buffer.allocUnsafe(Math.min(this.buffer.length * 2, this.options.maxBytes + 1));
    this.buffer.copy(larger, 0, 0, this.length);
    this.buffer = larger;
  }

  bytes(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}
