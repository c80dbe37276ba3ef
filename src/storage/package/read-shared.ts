import { closeSync, readSync } from 'node:fs';
import { openCheckedFileSync, PACKAGE_FILE } from '../../limits/checked-file.js';

/** One read call at most this long: Node's file reads take a 32-bit length. */
const READ_PIECE_BYTES = 1 << 30;

/**
 * A package file's bytes in shared memory, so a worker can inflate from them without a copy. Opened through
 * the checked reader: a FIFO or device named as a package is INVALID_PACKAGE before anything reads it, and
 * an archive larger than what a package may unpack to is refused before anything is allocated.
 *
 * Read synchronously: a read of the package is followed at once by inflating every member on this thread, so
 * the event loop has nothing to do meanwhile, and the thread pool's five hops (stat, open, fstat, read,
 * close) cost a first read of 10,000 records some 10 ms of waiting.
 */
export function readShared(file: string, maxBytes: number): Buffer {
  const { fd, info } = openCheckedFileSync(file, { ...PACKAGE_FILE, maxBytes });
  try {
    const size = info.size;
    const bytes = Buffer.from(new SharedArrayBuffer(size));
    let offset = 0;
    while (offset < size) {
      const bytesRead = readSync(fd, bytes, offset, Math.min(size - offset, READ_PIECE_BYTES), offset);
      if (bytesRead === 0) break;
      offset += bytesRead;
    }
    return offset === size ? bytes : bytes.subarray(0, offset);
  } finally {
    closeSync(fd);
  }
}
