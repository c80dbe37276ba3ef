import { isAscii } from 'node:buffer';
import { endianness } from 'node:os';
import { crc32 } from 'node:zlib';

/**
 * The container the tree cache is written in: named sections of typed numbers and strings behind a JSON
 * header, so a warm read decodes columns of numbers and one text per column instead of parsing a JSON
 * document of every parsed file (the read cache's sidecar, src/context/active/sidecar/, is built the same way).
 *
 * Layout (little-endian): `EPTC`, format version (u32), header length H (u32), CRC-32 of everything after
 * these 16 bytes (u32), the header (H bytes of JSON, padded with spaces to a multiple of 8), then the body.
 * Every section starts on an 8-byte boundary of the body; the header names each one's offset and length.
 * A column of strings is two sections: `<name>` (the UTF-8 text of all its strings joined) and
 * `<name>.ends` (u32, each string's end as a UTF-16 offset into the decoded text).
 */
const MAGIC = 0x43545045;
const PREFIX_BYTES = 16;

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

  /** The whole file: `header` with the section ranges added, then the body, checksummed. */
  finish(version: number, header: Record<string, unknown>): Buffer {
    const sections: Record<string, [number, number]> = {};
    let offset = 0;
    for (const [name, bytes] of this.parts) {
      sections[name] = [offset, bytes.length];
      offset = (offset + bytes.length + 7) & ~7;
    }
    const headerBytes = Buffer.from(JSON.stringify({ ...header, sections }), 'utf8');
    const headerLength = (headerBytes.length + 7) & ~7;
    const file = Buffer.alloc(PREFIX_BYTES + headerLength + offset);
    file.writeUInt32LE(MAGIC, 0);
    file.writeUInt32LE(version, 4);
    file.writeUInt32LE(headerLength, 8);
    file.fill(0x20, PREFIX_BYTES, PREFIX_BYTES + headerLength);
    headerBytes.copy(file, PREFIX_BYTES);
    const body = PREFIX_BYTES + headerLength;
    for (const [name, bytes] of this.parts) file.set(bytes, body + sections[name]![0]);
    file.writeUInt32LE(crc32(file.subarray(PREFIX_BYTES)), 12);
    return file;
  }
}

/** A column of strings decoded once; each string is cut from the text when asked for. */
export interface TextColumn {
  readonly length: number;
  at(index: number): string;
  /** The longest string's length. */
  readonly longest: number;
}

/**
 * Reads a file `SectionWriter` wrote, trusting nothing: the magic, version and CRC-32 first (a truncated or
 * damaged file fails here), then the header as JSON, and each section when asked for: within the body, of
 * the size the caller expects, its end offsets ascending and ending where its text ends. Throws CacheInvalid.
 */
export class SectionReader {
  readonly header: Record<string, unknown>;
  private readonly body: Buffer;
  private readonly ranges: SectionRanges;

  constructor(file: Buffer, version: number) {
    check(sectionsSupported && file.length >= PREFIX_BYTES, 'too short');
    check(file.readUInt32LE(0) === MAGIC && file.readUInt32LE(4) === version, 'not a tree cache of this version');
    const headerLength = file.readUInt32LE(8);
    check(headerLength % 8 === 0 && headerLength <= file.length - PREFIX_BYTES, 'header past the end');
    check(crc32(file.subarray(PREFIX_BYTES)) === file.readUInt32LE(12), 'checksum');
    let header: unknown;
    try {
      header = JSON.parse(file.toString('utf8', PREFIX_BYTES, PREFIX_BYTES + headerLength));
    } catch {
      throw new CacheInvalid('header is not JSON');
    }
    check(typeof header === 'object' && header !== null && !Array.isArray(header), 'header is not an object');
    this.header = header as Record<string, unknown>;
    const { sections } = this.header;
    check(typeof sections === 'object' && sections !== null && !Array.isArray(sections), 'sections');
    for (const range of Object.values(sections)) {
      check(
        Array.isArray(range) && range.length === 2 && range.every((n) => Number.isSafeInteger(n) && (n as number) >= 0),
        'section range',
      );
    }
    this.ranges = sections as SectionRanges;
    this.body = file.subarray(PREFIX_BYTES + headerLength);
  }

  /** `count` u32 values. */
  u32(name: string, count: number): Uint32Array {
    const bytes = this.section(name, count * 4);
    const values = new Uint32Array(count);
    new Uint8Array(values.buffer).set(bytes);
    return values;
  }

  /** `count` f64 values. */
  f64(name: string, count: number): Float64Array {
    const bytes = this.section(name, count * 8);
    const values = new Float64Array(count);
    new Uint8Array(values.buffer).set(bytes);
    return values;
  }

  /** A section's bytes as they are (a view of the file, not a copy). */
  bytes(name: string): Uint8Array {
    return this.section(name);
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
    for (let index = 0; index < count; index += 1) {
      const end = ends[index]!;
      check(end >= previous, `${name}: offsets descend`);
      longest = Math.max(longest, end - previous);
      previous = end;
    }
    check(previous === (text?.length ?? bytes.length), `${name}: offsets do not end at the text's end`);
    return {
      length: count,
      longest,
      at: (index) => (text ??= bytes.toString('latin1')).slice(index === 0 ? 0 : ends[index - 1]!, ends[index]),
    };
  }

  /** A section's bytes; `length`, when given, is the size it must have. */
  private section(name: string, length?: number): Buffer {
    const range = Object.hasOwn(this.ranges, name) ? this.ranges[name] : undefined;
    check(range !== undefined, `section ${name} missing`);
    const [offset, size] = range;
    check(offset % 8 === 0 && offset + size <= this.body.length, `section ${name} past the end`);
    check(length === undefined || size === length, `section ${name}: ${size} bytes, ${length ?? 0} expected`);
    return this.body.subarray(offset, offset + size);
  }
}
