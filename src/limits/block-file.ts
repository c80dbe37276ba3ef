import { closeSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import {
  BlockCheckFailed,
  blockChecksums,
  CHECKED_BLOCK_BYTES,
  CheckedBlocks,
  fileSpans,
  memorySpans,
  readSpanSync,
} from './checked-blocks.js';
import { openCheckedFileSync, type CheckedFileOptions } from './checked-file.js';

/**
 * The container of ep's binary cache files (the read cache's sidecars, the code context's tree caches): a
 * JSON header and a body read in checked blocks, so a call reads and checks only the parts it uses.
 *
 * Layout (little-endian): magic (u32), format version (u32), header length H (u32, a multiple of 8), CRC-32
 * of the header and the block table (u32); the header (H bytes of JSON, padded with spaces; it holds
 * `bodyBytes` and `blockBytes`); the block table (the CRC-32 of each block of the body, u32, padded to a
 * multiple of 8 bytes); the body, which so starts on an 8-byte boundary of the file.
 */
export interface BlockFile {
  readonly header: Record<string, unknown>;
  readonly blocks: CheckedBlocks;
}

const PREFIX_BYTES = 16;
/** Read at once when a file is opened: the prefix, the header and the block table of most files. */
const HEAD_BYTES = 64 * 1024;
/** Block sizes a reader takes: any other is a damaged or foreign header. */
const MIN_BLOCK_BYTES = 1024;
const MAX_BLOCK_BYTES = 16 * 2 ** 20;

const tableBytesOf = (blocks: number) => (blocks * 4 + 7) & ~7;

/** The file holding `header` (with the body's layout added) and `body`. */
export function encodeBlockFile(magic: number, version: number, header: Record<string, unknown>, body: Uint8Array): Buffer {
  return writeBlockFile(magic, version, header, body.length, (target) => target.set(body));
}

/** A named section of a body: its bytes, given as one or more chunks that follow each other. */
export type BodyPart = readonly [name: string, chunks: Uint8Array | readonly Uint8Array[]];

/** Where each section lies in a body: offset and length. */
export type BodySections = Record<string, [offset: number, length: number]>;

/**
 * The file holding `parts` as sections of its body, each starting on an `align`-byte boundary of it, and
 * `header` with `sections` (where each lies) and the body's layout added. The parts are copied once, into
 * the file itself: a sidecar's records would otherwise be joined into a body first and then copied again.
 */
export function encodeSectionedBlockFile(
  magic: number,
  version: number,
  header: Record<string, unknown>,
  parts: readonly BodyPart[],
  align: 4 | 8,
): Buffer {
  const chunksOf = (chunks: BodyPart[1]): readonly Uint8Array[] => (chunks instanceof Uint8Array ? [chunks] : chunks);
  const sections: BodySections = {};
  let bodyBytes = 0;
  for (const [name, chunks] of parts) {
    bodyBytes = (bodyBytes + align - 1) & -align;
    let length = 0;
    for (const chunk of chunksOf(chunks)) length += chunk.length;
    sections[name] = [bodyBytes, length];
    bodyBytes += length;
  }
  return writeBlockFile(magic, version, { ...header, sections }, bodyBytes, (body) => {
    for (const [name, chunks] of parts) {
      let at = sections[name]![0];
      for (const chunk of chunksOf(chunks)) {
        body.set(chunk, at);
        at += chunk.length;
      }
    }
  });
}

/** The file for `header` and a body of `bodyBytes` that `fill` writes in place (into zeroed bytes). */
function writeBlockFile(
  magic: number,
  version: number,
  header: Record<string, unknown>,
  bodyBytes: number,
  fill: (body: Buffer) => void,
): Buffer {
  const headerBytes = Buffer.from(JSON.stringify({ ...header, bodyBytes, blockBytes: CHECKED_BLOCK_BYTES }), 'utf8');
  const headerLength = (headerBytes.length + 7) & ~7;
  const tableStart = PREFIX_BYTES + headerLength;
  const bodyStart = tableStart + tableBytesOf(Math.ceil(bodyBytes / CHECKED_BLOCK_BYTES));
  // Zeroed, not allocUnsafe: the gaps between sections must never carry stale memory into a file.
  const file = Buffer.alloc(bodyStart + bodyBytes);
  const body = file.subarray(bodyStart);
  fill(body);
  file.writeUInt32LE(magic, 0);
  file.writeUInt32LE(version, 4);
  file.writeUInt32LE(headerLength, 8);
  file.fill(0x20, PREFIX_BYTES, tableStart);
  headerBytes.copy(file, PREFIX_BYTES);
  blockChecksums(body).forEach((sum, block) => file.writeUInt32LE(sum, tableStart + block * 4));
  file.writeUInt32LE(crc32(file.subarray(PREFIX_BYTES, bodyStart)), 12);
  return file;
}

/**
 * The file at `file`, of which only the head is read now: its magic and version, its header and block table
 * against their CRC-32, and its size against the header's. The body is read as the caller asks for parts
 * of it (see CheckedBlocks). Throws BlockCheckFailed for a file that fails any check, or cannot be read.
 */
export function openBlockFile(file: string, magic: number, version: number, options: CheckedFileOptions): BlockFile {
  let opened;
  try {
    opened = openCheckedFileSync(file, options);
  } catch (error) {
    throw new BlockCheckFailed(`${file} cannot be read`, { cause: error });
  }
  const { fd, info } = opened;
  try {
    const first = readSpanSync(fd, 0, Math.min(info.size, HEAD_BYTES));
    const head = (start: number, end: number) => (end <= first.length ? first.subarray(start, end) : readSpanSync(fd, start, end));
    const { header, sums, bodyStart, blockBytes } = decodeHead(head, info.size, magic, version);
    return { header, blocks: new CheckedBlocks(fileSpans(file, bodyStart, info, options), info.size - bodyStart, sums, blockBytes) };
  } finally {
    closeSync(fd);
  }
}

/** A block file held in memory, checked as `openBlockFile` checks one on disk. */
export function decodeBlockFile(bytes: Buffer, magic: number, version: number): BlockFile {
  const { header, sums, bodyStart, blockBytes } = decodeHead((start, end) => bytes.subarray(start, end), bytes.length, magic, version);
  return { header, blocks: new CheckedBlocks(memorySpans(bytes.subarray(bodyStart)), bytes.length - bodyStart, sums, blockBytes) };
}

function check(condition: boolean, what: string): asserts condition {
  if (!condition) throw new BlockCheckFailed(what);
}

function decodeHead(read: (start: number, end: number) => Buffer, size: number, magic: number, version: number) {
  check(size >= PREFIX_BYTES, 'too short');
  const prefix = read(0, PREFIX_BYTES);
  check(prefix.readUInt32LE(0) === magic && prefix.readUInt32LE(4) === version, 'not a file of this kind and version');
  const headerLength = prefix.readUInt32LE(8);
  check(headerLength % 8 === 0 && headerLength <= size - PREFIX_BYTES, 'header past the end');
  const headerBytes = read(PREFIX_BYTES, PREFIX_BYTES + headerLength);
  let header: unknown;
  try {
    header = JSON.parse(headerBytes.toString('utf8'));
  } catch {
    throw new BlockCheckFailed('header is not JSON');
  }
  check(typeof header === 'object' && header !== null && !Array.isArray(header), 'header is not an object');
  const { bodyBytes, blockBytes } = header as Record<string, unknown>;
  check(Number.isSafeInteger(bodyBytes) && (bodyBytes as number) >= 0, 'body length');
  check(
    Number.isSafeInteger(blockBytes) && (blockBytes as number) >= MIN_BLOCK_BYTES && (blockBytes as number) <= MAX_BLOCK_BYTES,
    'block size',
  );
  const blocks = Math.ceil((bodyBytes as number) / (blockBytes as number));
  const tableStart = PREFIX_BYTES + headerLength;
  const bodyStart = tableStart + tableBytesOf(blocks);
  check(bodyStart + (bodyBytes as number) === size, "the file's size is not the header's");
  const table = read(tableStart, bodyStart);
  check(crc32(table, crc32(headerBytes)) === prefix.readUInt32LE(12), 'checksum');
  const sums = new Uint32Array(blocks);
  for (let block = 0; block < blocks; block += 1) sums[block] = table.readUInt32LE(block * 4);
  return { header: header as Record<string, unknown>, sums, bodyStart, blockBytes: blockBytes as number };
}
