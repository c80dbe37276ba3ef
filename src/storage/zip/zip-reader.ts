import { crc32 } from 'node:zlib';
import { EpError, ExitCode } from '../../kernel/errors.js';
import { limitExceeded, Limits } from '../../limits/limits.js';
import { inflateBounded } from './bounded-inflate.js';
import { unsafeMemberName } from './member-names.js';
import { ZipDirectory, type MemberColumns, type ZipMember } from './zip-directory.js';

export type { ZipMember } from './zip-directory.js';

export interface ZipLimits {
  readonly maxEntries: number;
  readonly maxTotalBytes: number;
}

/** The documented package limits (docs/limits.md); tests and embedders may pass tighter ones. */
export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntries: Limits.packageEntries, maxTotalBytes: Limits.packageBytes };

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;

/** Every member of an archive, checked (see readZipDirectory). */
export function readZip(bytes: Uint8Array, where: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): ZipMember[] {
  return readZipDirectory(bytes, where, limits).members();
}

/**
 * Reads an archive's central directory (ZIP64 included) and checks every member before anything is
 * inflated: safe names, regular files only, declared sizes within the limits. Directory entries are
 * skipped; symlinks, devices and encrypted members make the whole package invalid.
 */
export function readZipDirectory(bytes: Uint8Array, where: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): ZipDirectory {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const invalid = (reason: string, details: Record<string, unknown> = {}) =>
    new EpError('INVALID_PACKAGE', `${where} is not a valid package: ${reason}.`, {
      exitCode: ExitCode.validation,
      details: { path: where, ...details },
    });
  const eocd = findEndOfCentralDirectory(view);
  if (eocd < 0) throw invalid('not a zip archive');
  let count = view.getUint16(eocd + 10, true);
  let directoryOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || directoryOffset === 0xffffffff) {
    const locator = eocd - 20;
    if (locator < 0 || view.getUint32(locator, true) !== 0x07064b50) throw invalid('broken ZIP64 locator');
    const record = Number(view.getBigUint64(locator + 8, true));
    if (record + 56 > bytes.length || view.getUint32(record, true) !== 0x06064b50) throw invalid('broken ZIP64 directory');
    count = Number(view.getBigUint64(record + 32, true));
    directoryOffset = Number(view.getBigUint64(record + 48, true));
  }
  if (count > limits.maxEntries)
    throw limitExceeded(`The entry count of package ${where}`, count, limits.maxEntries, 'entries', { path: where });
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Plain little-endian reads: a 100,000-member directory is read before the JIT has warmed up, where
  // DataView calls and Buffer views cost several times more than indexing.
  const u16 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8);
  const u32 = (at: number) => (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
  const names: string[] = [];
  const positions = new Map<string, number>();
  // Sized by what the directory can hold (46 bytes an entry at least), not by what its end record claims.
  const columns = memberColumns(Math.min(count, Math.floor(Math.max(0, bytes.length - directoryOffset) / 46)));
  let total = 0;
  let namesAscii = true;
  let pos = directoryOffset;
  for (let i = 0; i < count; i += 1) {
    if (pos + 46 > bytes.length || u32(pos) !== 0x02014b50) throw invalid('broken central directory');
    const madeBy = bytes[pos + 5]!;
    const flags = u16(pos + 8);
    const method = u16(pos + 10);
    const crc = u32(pos + 16);
    let compressedSize = u32(pos + 20);
    let size = u32(pos + 24);
    const nameLength = u16(pos + 28);
    const extraLength = u16(pos + 30);
    const commentLength = u16(pos + 32);
    const external = u32(pos + 38);
    let localOffset = u32(pos + 42);
    const nameStart = pos + 46;
    const ascii = isAscii(bytes, nameStart, nameStart + nameLength);
    const name = ascii
      ? text.toString('latin1', nameStart, nameStart + nameLength)
      : text.toString('utf8', nameStart, nameStart + nameLength);
    const extraStart = nameStart + nameLength;
    if (size === 0xffffffff || compressedSize === 0xffffffff || localOffset === 0xffffffff) {
      const wide = readZip64Extra(view, extraStart, extraLength, { size, compressedSize, localOffset });
      if (!wide) throw invalid(`broken ZIP64 extra field for "${name}"`, { member: name });
      ({ size, compressedSize, localOffset } = wide);
    }
    pos = extraStart + extraLength + commentLength;
    const unixMode = madeBy === 3 ? external >>> 16 : 0;
    const fileType = unixMode & S_IFMT;
    if (name.endsWith('/') || fileType === S_IFDIR) continue;
    namesAscii &&= ascii;
    const unsafe = unsafeMemberName(name);
    if (unsafe) throw invalid(`unsafe member name "${name}" (${unsafe})`, { member: name });
    if (fileType !== 0 && fileType !== S_IFREG) throw invalid(`member "${name}" is not a regular file`, { member: name });
    // Readers disagree on which of two same-named members wins; such an archive is refused outright.
    if (positions.has(name)) throw invalid(`member "${name}" appears twice`, { member: name });
    if (flags & 1) throw invalid(`member "${name}" is encrypted`, { member: name });
    if (method !== 0 && method !== 8) throw invalid(`member "${name}" uses compression method ${method}`, { member: name });
    total += size;
    if (total > limits.maxTotalBytes)
      throw limitExceeded(`The unpacked size of package ${where}`, total, limits.maxTotalBytes, 'bytes', { path: where });
    if (localOffset + 30 > bytes.length || u32(localOffset) !== 0x04034b50)
      throw invalid(`broken local header for "${name}"`, { member: name });
    // Readers that go by local headers (streaming unzip) would unpack another name than the one checked here.
    if (!sameBytes(bytes, localOffset + 30, u16(localOffset + 26), nameStart, nameLength)) {
      throw invalid(`member "${name}" has another name in its local header`, { member: name });
    }
    const dataStart = localOffset + 30 + u16(localOffset + 26) + u16(localOffset + 28);
    if (dataStart + compressedSize > bytes.length) throw invalid(`member "${name}" is truncated`, { member: name });
    if (method === 0 && compressedSize !== size) throw invalid(`member "${name}" has inconsistent sizes`, { member: name });
    const at = names.length;
    positions.set(name, at);
    names.push(name);
    columns.dataStart[at] = dataStart;
    columns.compressedSize[at] = compressedSize;
    columns.size[at] = size;
    columns.crc[at] = crc;
    columns.method[at] = method;
    columns.unixMode[at] = unixMode;
    columns.nameStart[at] = nameStart;
    columns.nameLength[at] = nameLength;
  }
  return new ZipDirectory(bytes, names, positions, columns, namesAscii);
}

function memberColumns(capacity: number): MemberColumns {
  return {
    dataStart: new Float64Array(capacity),
    compressedSize: new Float64Array(capacity),
    size: new Float64Array(capacity),
    crc: new Uint32Array(capacity),
    method: new Uint8Array(capacity),
    unixMode: new Uint32Array(capacity),
    nameStart: new Float64Array(capacity),
    nameLength: new Uint16Array(capacity),
  };
}

/**
 * A member's bytes. Inflation stops with an error past the declared size, so a member cannot inflate
 * beyond what was checked against the limits; the length and CRC are then verified. (Many members at once
 * go through inflateFramed instead.)
 *
 * Node's zlib rather than fflate: with many small members (record files) it is about a quarter faster
 * from a cold start, and reading loads no inflate code of its own.
 */
export function inflateMember(member: ZipMember, where: string): Buffer {
  let data: Buffer;
  try {
    if (member.method === 0) data = Buffer.from(member.raw.buffer, member.raw.byteOffset, member.raw.byteLength);
    else data = inflateBounded(member.raw, member.size);
  } catch (error) {
    throw new EpError(
      'INVALID_PACKAGE',
      `${where} is not a valid package: member "${member.name}" does not inflate to its declared ${member.size} bytes.`,
      { exitCode: ExitCode.validation, details: { path: where, member: member.name }, cause: error },
    );
  }
  if (data.length !== member.size || crc32(data) !== member.crc) {
    throw new EpError('INVALID_PACKAGE', `${where} is not a valid package: member "${member.name}" is corrupt (size or CRC mismatch).`, {
      exitCode: ExitCode.validation,
      details: { path: where, member: member.name },
    });
  }
  return data;
}

function sameBytes(bytes: Uint8Array, start: number, length: number, otherStart: number, otherLength: number): boolean {
  if (length !== otherLength || start + length > bytes.length) return false;
  for (let i = 0; i < length; i += 1) if (bytes[start + i] !== bytes[otherStart + i]) return false;
  return true;
}

function isAscii(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i += 1) if (bytes[i]! > 0x7f) return false;
  return true;
}

function findEndOfCentralDirectory(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let pos = view.byteLength - 22; pos >= lowest; pos -= 1) {
    if (view.getUint32(pos, true) === 0x06054b50) return pos;
  }
  return -1;
}

/** The ZIP64 sizes and offset of a member, or undefined when its extra field is malformed. */
function readZip64Extra(
  view: DataView,
  start: number,
  length: number,
  sizes: { size: number; compressedSize: number; localOffset: number },
) {
  const result = { ...sizes };
  const end = start + length;
  if (end > view.byteLength) return undefined;
  let pos = start;
  let found = false;
  while (pos + 4 <= end) {
    const id = view.getUint16(pos, true);
    const size = view.getUint16(pos + 2, true);
    const fieldsEnd = pos + 4 + size;
    if (fieldsEnd > end) return undefined;
    if (id === 0x0001) {
      found = true;
      let field = pos + 4;
      const next = () => {
        if (field + 8 > fieldsEnd) return undefined;
        const value = Number(view.getBigUint64(field, true));
        field += 8;
        return value;
      };
      if (result.size === 0xffffffff) result.size = next() ?? NaN;
      if (result.compressedSize === 0xffffffff) result.compressedSize = next() ?? NaN;
      if (result.localOffset === 0xffffffff) result.localOffset = next() ?? NaN;
      if (Number.isNaN(result.size) || Number.isNaN(result.compressedSize) || Number.isNaN(result.localOffset)) return undefined;
    }
    pos = fieldsEnd;
  }
  // A 32-bit field set to 0xffffffff promises its value in the ZIP64 field.
  return found ? result : undefined;
}
