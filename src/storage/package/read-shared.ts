import { PACKAGE_FILE, withCheckedFile } from '../../limits/checked-file.js';

/** One read call at most this long: Node's file reads take a 32-bit length. */
const READ_PIECE_BYTES = 1 << 30;

/**
 * A package file's bytes in shared memory, so a worker can inflate from them without a copy. Opened through
 * the checked reader: a FIFO or device named as a package is INVALID_PACKAGE before anything reads it, and
 * an archive larger than what a package may unpack to is refused before anything is allocated.
 */
export async function readShared(file: string, maxBytes: number): Promise<Buffer> {
  return withCheckedFile(file, { ...PACKAGE_FILE, maxBytes }, async (handle, size) => {
    const bytes = Buffer.from(new SharedArrayBuffer(size));
    let offset = 0;
    while (offset < size) {
      const { bytesRead } = await handle.read(bytes, offset, Math.min(size - offset, READ_PIECE_BYTES), offset);
      if (bytesRead === 0) break;
      offset += bytesRead;
    }
    return offset === size ? bytes : bytes.subarray(0, offset);
  });
}
