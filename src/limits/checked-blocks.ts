import { closeSync, readSync, type Stats } from 'node:fs';
import { crc32 } from 'node:zlib';
import { openCheckedFileSync, type CheckedFileOptions } from './checked-file.js';

/**
 * Bytes per checked block: small enough that reading one record reads little more than the record, large
 * enough that the table of checksums stays a small part of the file (4 bytes per 16 KB).
 */
export const CHECKED_BLOCK_BYTES = 16 * 1024;

/** The CRC-32 of each `blockBytes` block of `body`, the last one possibly short. */
export function blockChecksums(body: Uint8Array, blockBytes = CHECKED_BLOCK_BYTES): Uint32Array {
  const sums = new Uint32Array(Math.ceil(body.length / blockBytes));
  for (let block = 0; block < sums.length; block += 1) sums[block] = crc32(body.subarray(block * blockBytes, (block + 1) * blockBytes));
  return sums;
}

/** Why bytes of a block-checked body were not given: a block failed its checksum, or the file changed or went. */
export class BlockCheckFailed extends Error {}

/** Reads bytes `[start, end)` of a body. */
export type SpanReader = (start: number, end: number) => Buffer;

/** A body held in memory. */
export const memorySpans =
  (body: Buffer): SpanReader =>
  (start, end) =>
    body.subarray(start, end);

/** Bytes `[start, end)` of the open file `fd`; BlockCheckFailed when the file ends before `end`. */
export function readSpanSync(fd: number, start: number, end: number): Buffer {
  // Not from the shared pool, so typed-array views over it start aligned.
  const bytes = Buffer.allocUnsafeSlow(end - start);
  for (let filled = 0; filled < bytes.length;) {
    const read = readSync(fd, bytes, filled, bytes.length - filled, start + filled);
    if (read === 0) throw new BlockCheckFailed(`the file ends at ${start + filled}, before ${end}`);
    filled += read;
  }
  return bytes;
}

/**
 * A body at `bodyStart` of `file`, opened again for each read, so no descriptor outlives a call. Each read
 * first proves the file is still the one `opened` describes (device, inode, size, modification time): a
 * cache file replaced or removed meanwhile fails the read rather than giving another file's bytes.
 */
export function fileSpans(file: string, bodyStart: number, opened: Stats, options: CheckedFileOptions): SpanReader {
  return (start, end) => {
    let fd: number;
    let info: Stats;
    try {
      ({ fd, info } = openCheckedFileSync(file, options));
    } catch (error) {
      throw new BlockCheckFailed(`${file} can no longer be read`, { cause: error });
    }
    try {
      const same = info.dev === opened.dev && info.ino === opened.ino && info.size === opened.size && info.mtimeMs === opened.mtimeMs;
      if (!same) throw new BlockCheckFailed(`${file} changed while it was read`);
      return readSpanSync(fd, bodyStart + start, bodyStart + end);
    } finally {
      closeSync(fd);
    }
  };
}

/** A run of checked blocks as read: blocks `first` to `last` and their bytes. */
interface CheckedSpan {
  readonly first: number;
  readonly last: number;
  readonly bytes: Buffer;
}

/**
 * A body read in blocks on demand, each block checked against its CRC-32 when first read: a reader that
 * needs a few records reads and checks a few blocks, and never uses a byte a checksum has not vouched for.
 * Damage in a block nobody reads goes unnoticed, and harms nothing. Every run of blocks read is kept, so a
 * range within one is given as a view of its bytes without another read; a caller about to read several
 * parts that lie together reads them in one go with `hold`.
 */
export class CheckedBlocks {
  /** For each block read, the longest run read that holds it. */
  private readonly spanOf = new Map<number, CheckedSpan>();

  constructor(
    private readonly read: SpanReader,
    readonly length: number,
    private readonly checksums: Uint32Array,
    private readonly blockBytes = CHECKED_BLOCK_BYTES,
  ) {
    if (checksums.length !== Math.ceil(length / blockBytes)) throw new BlockCheckFailed('the block table does not fit the body');
  }

  /** Bytes `[offset, offset + length)` of the body, every block they lie in checked. */
  range(offset: number, length: number): Buffer {
    this.checkRange(offset, length);
    if (length === 0) return Buffer.alloc(0);
    const size = this.blockBytes;
    const first = Math.floor(offset / size);
    const span = this.spanHolding(first, Math.floor((offset + length - 1) / size));
    const start = offset - span.first * size;
    return span.bytes.subarray(start, start + length);
  }

  /**
   * Reads and checks the blocks `[offset, offset + length)` lies in, in one read unless they were read
   * already, so the ranges a caller then asks for within it cost no read of their own.
   */
  hold(offset: number, length: number): void {
    this.checkRange(offset, length);
    if (length > 0) this.spanHolding(Math.floor(offset / this.blockBytes), Math.floor((offset + length - 1) / this.blockBytes));
  }

  private checkRange(offset: number, length: number): void {
    if (!(Number.isSafeInteger(offset) && Number.isSafeInteger(length) && offset >= 0 && length >= 0 && offset + length <= this.length))
      throw new BlockCheckFailed(`bytes ${offset} to ${offset + length} lie outside the body`);
  }

  /** A run read earlier that holds blocks `first` to `last`, else those blocks read and checked now. */
  private spanHolding(first: number, last: number): CheckedSpan {
    const known = this.spanOf.get(first);
    if (known && known.last >= last) return known;
    // One read for the whole run of blocks, even where some were read before: one system call costs more
    // than reading a block again.
    const size = this.blockBytes;
    const bytes = this.read(first * size, Math.min((last + 1) * size, this.length));
    for (let block = first; block <= last; block += 1) {
      if (crc32(bytes.subarray((block - first) * size, (block - first + 1) * size)) !== this.checksums[block])
        throw new BlockCheckFailed(`block ${block} fails its checksum`);
    }
    const span = { first, last, bytes };
    for (let block = first; block <= last; block += 1) {
      const held = this.spanOf.get(block);
      if (!held || held.last < last) this.spanOf.set(block, span);
    }
    return span;
  }
}
