import { closeSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { BlockCheckFailed, CHECKED_BLOCK_BYTES, CheckedBlocks, fileSpans, memorySpans, readSpanSync } from './checked-blocks.js';
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
  return new SectionedBlockFile(magic, version, header, [['', body]], 1, false).bytes();
}

/** A named section of a body: its bytes, given as one or more chunks that follow each other. */
export type BodyPart = readonly [name: string, chunks: Uint8Array | readonly Uint8Array[]];

/** Where each section lies in a body: offset and length. */
export type BodySections = Record<string, [offset: number, length: number]>;

/** Writes `bytes` at `position` of the file being made; the positions of one file never overlap. */
export type PositionalWrite = (bytes: Uint8Array, position: number) => void;

/** The body is copied into the file through a buffer of this many bytes (a whole number of blocks). */
const STAGE_BYTES = 64 * CHECKED_BLOCK_BYTES;

/**
 * The file holding `parts` as sections of its body, each starting on an `align`-byte boundary of it, and
 * `header` with `sections` (where each lies) and the body's layout added. The parts' chunks are copied once
 * into a staging buffer of a megabyte, which is checksummed a block at a time and written out, so a file of
 * 30 MB (a sidecar of 70,000 records, whose chunks are the record texts where the read left them) touches no
 * fresh memory of its size; `bytes()` gives the whole file in memory instead.
 */
export class SectionedBlockFile {
  /** The header as written: what was given, with `sections` when sectioned, `bodyBytes` and `blockBytes`. */
  readonly header: Record<string, unknown>;
  readonly size: number;
  private readonly headerBytes: Buffer;
  private readonly bodyStart: number;
  private readonly bodyBytes: number;

  constructor(
    private readonly magic: number,
    private readonly version: number,
    header: Record<string, unknown>,
    private readonly parts: readonly BodyPart[],
    private readonly align: number,
    sectioned = true,
  ) {
    const sections: BodySections = {};
    let bodyBytes = 0;
    for (const [name, chunks] of parts) {
      bodyBytes = alignUp(bodyBytes, align);
      let length = 0;
      const list = chunksOf(chunks);
      // Index loops: a sidecar's records are 100,000 chunks, and a `for...of` makes an object per step.
      for (let i = 0; i < list.length; i += 1) length += list[i]!.length;
      sections[name] = [bodyBytes, length];
      bodyBytes += length;
    }
    this.header = { ...header, ...(sectioned ? { sections } : {}), bodyBytes, blockBytes: CHECKED_BLOCK_BYTES };
    this.headerBytes = Buffer.from(JSON.stringify(this.header), 'utf8');
    this.bodyBytes = bodyBytes;
    this.bodyStart = PREFIX_BYTES + alignUp(this.headerBytes.length, 8) + tableBytesOf(Math.ceil(bodyBytes / CHECKED_BLOCK_BYTES));
    this.size = this.bodyStart + bodyBytes;
  }

  /** The whole file. */
  bytes(): Buffer {
    const file = Buffer.allocUnsafe(this.size);
    this.writeTo((bytes, position) => file.set(bytes, position));
    return file;
  }

  /** Writes the file through `write`: the body first, a staging buffer at a time, then the head at 0. */
  writeTo(write: PositionalWrite): void {
    const sums = new Uint32Array(Math.ceil(this.bodyBytes / CHECKED_BLOCK_BYTES));
    const stage = Buffer.allocUnsafe(Math.min(STAGE_BYTES, Math.max(1, this.bodyBytes)));
    let staged = 0;
    let flushed = 0;
    const flush = () => {
      for (let at = 0; at < staged; at += CHECKED_BLOCK_BYTES) {
        sums[(flushed + at) / CHECKED_BLOCK_BYTES] = crc32(stage.subarray(at, Math.min(staged, at + CHECKED_BLOCK_BYTES)));
      }
      write(stage.subarray(0, staged), this.bodyStart + flushed);
      flushed += staged;
      staged = 0;
    };
    // Zeroes between sections: no stale memory from the staging buffer ever reaches a file.
    const zeroes = (count: number) => {
      for (let left = count; left > 0;) {
        const take = Math.min(left, stage.length - staged);
        stage.fill(0, staged, staged + take);
        staged += take;
        left -= take;
        if (staged === stage.length) flush();
      }
    };
    const copy = (chunk: Uint8Array) => {
      for (let at = 0; at < chunk.length;) {
        const take = Math.min(chunk.length - at, stage.length - staged);
        stage.set(take === chunk.length ? chunk : chunk.subarray(at, at + take), staged);
        staged += take;
        at += take;
        if (staged === stage.length) flush();
      }
    };
    let bodyAt = 0;
    for (const [, chunks] of this.parts) {
      const start = alignUp(bodyAt, this.align);
      zeroes(start - bodyAt);
      bodyAt = start;
      const list = chunksOf(chunks);
      for (let i = 0; i < list.length; i += 1) {
        copy(list[i]!);
        bodyAt += list[i]!.length;
      }
    }
    if (staged > 0) flush();
    write(this.head(sums), 0);
  }

  /** Prefix, header (padded with spaces) and block table, with the CRC-32 over header and table. */
  private head(sums: Uint32Array): Buffer {
    const head = Buffer.alloc(this.bodyStart);
    const tableStart = PREFIX_BYTES + alignUp(this.headerBytes.length, 8);
    head.writeUInt32LE(this.magic, 0);
    head.writeUInt32LE(this.version, 4);
    head.writeUInt32LE(tableStart - PREFIX_BYTES, 8);
    head.fill(0x20, PREFIX_BYTES, tableStart);
    this.headerBytes.copy(head, PREFIX_BYTES);
    sums.forEach((sum, block) => head.writeUInt32LE(sum, tableStart + block * 4));
    head.writeUInt32LE(crc32(head.subarray(PREFIX_BYTES)), 12);
    return head;
  }
}

/** The file for `parts` and `header` in memory (see SectionedBlockFile). */
export function encodeSectionedBlockFile(
  magic: number,
  version: number,
  header: Record<string, unknown>,
  parts: readonly BodyPart[],
  align: 4 | 8,
): Buffer {
  return new SectionedBlockFile(magic, version, header, parts, align).bytes();
}

const chunksOf = (chunks: BodyPart[1]): readonly Uint8Array[] => (chunks instanceof Uint8Array ? [chunks] : chunks);
const alignUp = (offset: number, align: number) => Math.ceil(offset / align) * align;

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
