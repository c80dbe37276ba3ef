import { isAscii } from 'node:buffer';
import { endianness } from 'node:os';
import { decodeBlockFile, encodeSectionedBlockFile, openBlockFile, type BlockFile } from '../../limits/block-file.js';
import { BlockCheckFailed, type CheckedBlocks } from '../../limits/checked-blocks.js';
import type { CheckedFileOptions } from '../../limits/checked-file.js';

/**
 * The container the tree cache is written in: named sections of typed numbers and strings behind a JSON
 * header, so a warm read decodes columns of numbers and one text per column instead of parsing a JSON
 * document of every parsed file (the read cache's sidecar, src/context/active/sidecar/, is built the same way).
 *
 * A block file (see limits/block-file.ts): a JSON header naming each section's offset and length in the
 * body, which is read in checked blocks, so a call reads only the sections it uses (a warm request never
 * reads the names files use, a third of the file). Every section starts on an 8-byte boundary of the body.
 * A column of strings is two sections: `<name>` (the UTF-8 text of all its strings joined) and
 * `<name>.ends` (u32, each string's end as a UTF-16 offset into the decoded text).
 */
const MAGIC = 0x43545045;

/** Sections are written and read as native typed arrays; a big-endian host simply keeps no cache. */
export const sectionsSupported = endianness() === 'LE';

export type SectionRanges = Record<string, readonly [offset: number, length: number]>;

/** Why a cache file was not used; the caller then rebuilds what it held. */
export class CacheInvalid extends Error {}

export function check(condition: boolean, what: string): asserts condition {
  if (!condition) throw new CacheInvalid(what);
}

export class SectionWriter {
  private readonly parts: [string, Uint8Array][] = [];

  u32(name: string, values: ArrayLike<number>): void {
    const array = Uint32Array.from(values);
    this.parts.push([name, new Uint8Array(array.buffer)]);
  }

  f64(name: string, values: ArrayLike<number>): void {
    const array = Float64Array.from(values);
    this.parts.push([name, new Uint8Array(array.buffer)]);
  }

  bytes(name: string, bytes: Uint8Array): void {
    this.parts.push([name, bytes]);
  }

  text(name: string, values: readonly string[]): void {
    const ends = new Uint32Array(values.length);
    let at = 0;
    for (let index = 0; index < values.length; index += 1) ends[index] = at += values[index]!.length;
    this.parts.push([`${name}.ends`, new Uint8Array(ends.buffer)], [name, Buffer.from(values.join(''), 'utf8')]);
  }

  /** The whole file: `header` with the section ranges added, then the body. */
  finish(version: number, header: Record<string, unknown>): Buffer {
    return encodeSectionedBlockFile(MAGIC, version, header, this.parts, 8);
  }
}

/** The tree cache at `file`, of which only the head is read now; CacheInvalid when that fails its checks. */
export function openSections(file: string, version: number, options: CheckedFileOptions): SectionReader {
  return new SectionReader(blockFileOf(() => openBlockFile(file, MAGIC, version, options)));
}

/** A tree cache held in memory, checked as `openSections` checks a file. */
export function decodeSections(bytes: Buffer, version: number): SectionReader {
  return new SectionReader(blockFileOf(() => decodeBlockFile(bytes, MAGIC, version)));
}

function blockFileOf(open: () => BlockFile): BlockFile {
  check(sectionsSupported, 'tree caches are not kept on this host');
  try {
    return open();
  } catch (error) {
    if (error instanceof BlockCheckFailed) throw new CacheInvalid(error.message, { cause: error });
    throw error;
  }
}

/** A column of strings decoded once; each string is cut from the text when asked for. */
export interface TextColumn {
  readonly length: number;
  at(index: number): string;
  /** The longest string's length. */
  readonly longest: number;
  /** The shortest string's length (0 when there is none). */
  readonly shortest: number;
}

/**
 * Reads a file `SectionWriter` wrote, trusting nothing: the head when opened (see limits/block-file.ts),
 * then each section when asked for: within the body, of the size the caller expects, every block it lies
 * in checked, its end offsets ascending and ending where its text ends. Throws CacheInvalid.
 */
export class SectionReader {
  readonly header: Record<string, unknown>;
  private readonly blocks: CheckedBlocks;
  private readonly ranges: SectionRanges;

  constructor({ header, blocks }: BlockFile) {
    this.header = header;
    this.blocks = blocks;
    const { sections } = this.header;
    check(typeof sections === 'object' && sections !== null && !Array.isArray(sections), 'sections');
    for (const range of Object.values(sections)) {
      check(
        Array.isArray(range) && range.length === 2 && range.every((n) => Number.isSafeInteger(n) && (n as number) >= 0),
        'section range',
      );
    }
    this.ranges = sections as SectionRanges;
  }

  /**
   * Reads every section written before `name` (and its offset column) in one read of the blocks they lie
   * in, so the sections a call then uses cost no system call and no buffer of their own.
   */
  holdBefore(name: string): void {
    let end = this.blocks.length;
    for (const part of [name, `${name}.ends`]) if (Object.hasOwn(this.ranges, part)) end = Math.min(end, this.ranges[part]![0]);
    this.checked(() => this.blocks.hold(0, end));
  }

  /** `count` u32 values, as a read-only view of the section's bytes. */
  u32(name: string, count: number): Uint32Array {
    const bytes = this.section(name, count * 4);
    return bytes.byteOffset % 4 === 0 ? new Uint32Array(bytes.buffer, bytes.byteOffset, count) : new Uint32Array(copyOf(bytes));
  }

  /** `count` f64 values, as a read-only view of the section's bytes. */
  f64(name: string, count: number): Float64Array {
    const bytes = this.section(name, count * 8);
    return bytes.byteOffset % 8 === 0 ? new Float64Array(bytes.buffer, bytes.byteOffset, count) : new Float64Array(copyOf(bytes));
  }

  /** A section's bytes as they are (a view of the file, not a copy). */
  bytes(name: string): Uint8Array {
    return this.section(name);
  }

  /**
   * Bytes `[at, at + size)` of a section, every block they lie in checked, without reading the rest of it:
   * for a reader that needs a few parts of a large section.
   */
  range(name: string, at: number, size: number): Uint8Array {
    const [offset, length] = this.place(name);
    check(
      Number.isSafeInteger(at) && Number.isSafeInteger(size) && at >= 0 && size >= 0 && at + size <= length,
      `section ${name}: read past its end`,
    );
    return this.checked(() => this.blocks.range(offset + at, size), `section ${name}: `);
  }

  /** A section's length in bytes, its place in the body checked (nothing read). */
  sectionLength(name: string): number {
    return this.place(name)[1];
  }

  /**
   * `count` strings. An ASCII text (its UTF-16 length is its byte length) is decoded on the first string
   * asked for, so a column a call does not read costs only the check of its offsets.
   */
  text(name: string, count: number): TextColumn {
    const ends = this.u32(`${name}.ends`, count);
    const bytes = this.section(name);
    let text = isAscii(bytes) ? undefined : bytes.toString('utf8');
    let previous = 0;
    let longest = 0;
    let shortest = count === 0 ? 0 : Infinity;
    for (let index = 0; index < count; index += 1) {
      const end = ends[index]!;
      check(end >= previous, `${name}: offsets descend`);
      longest = Math.max(longest, end - previous);
      shortest = Math.min(shortest, end - previous);
      previous = end;
    }
    check(previous === (text?.length ?? bytes.length), `${name}: offsets do not end at the text's end`);
    return {
      length: count,
      longest,
      shortest,
      at: (index) => (text ??= bytes.toString('latin1')).slice(index === 0 ? 0 : ends[index - 1]!, ends[index]),
    };
  }

  /** A section's bytes; `length`, when given, is the size it must have. */
  private section(name: string, length?: number): Buffer {
    const [offset, size] = this.place(name);
    check(length === undefined || size === length, `section ${name}: ${size} bytes, ${length ?? 0} expected`);
    return this.checked(() => this.blocks.range(offset, size), `section ${name}: `);
  }

  /** Where a section lies in the body (offset, length), checked to lie within it on an 8-byte boundary. */
  private place(name: string): readonly [offset: number, length: number] {
    const range = Object.hasOwn(this.ranges, name) ? this.ranges[name] : undefined;
    check(range !== undefined, `section ${name} missing`);
    const [offset, size] = range;
    check(offset % 8 === 0 && offset + size <= this.blocks.length, `section ${name} past the end`);
    return range;
  }

  private checked<T>(read: () => T, what = ''): T {
    try {
      return read();
    } catch (error) {
      if (error instanceof BlockCheckFailed) throw new CacheInvalid(`${what}${error.message}`, { cause: error });
      throw error;
    }
  }
}

/** The bytes in an ArrayBuffer of their own, where a typed array over them starts aligned. */
function copyOf(bytes: Buffer): ArrayBuffer {
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return copy.buffer;
}
