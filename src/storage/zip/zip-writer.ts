import { deflateSync } from 'fflate';
import { crc32 } from 'node:zlib';
import type { ZipMember } from './zip-reader.js';

/**
 * A member to write: fresh bytes (deflated here, or stored when `store` is set: for data that is already
 * compressed, such as git objects and packs) or a member of an existing archive copied as is.
 */
export type ZipInput =
  { readonly name: string; readonly data: Uint8Array; readonly store?: boolean } | { readonly name: string; readonly reuse: ZipMember };

const FILE_MODE = 0o100644 << 16;

/**
 * Writes a DEFLATE archive the way EDSL's does: regular files only, names sorted, Unix mode bits recorded,
 * ZIP64 end records once there are more than 65,535 members. Unchanged members of the previous archive are
 * copied without re-compressing them, which keeps a one-record save of a large package fast.
 */
export function writeZip(inputs: readonly ZipInput[], now = new Date()): Buffer {
  const sorted = [...inputs].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const { time, date } = dosDateTime(now);
  const entries = sorted.map((input) => ({
    name: Buffer.from(input.name, 'utf8'),
    flags: /[^\x20-\x7e]/.test(input.name) ? 0x0800 : 0,
    member: 'reuse' in input ? input.reuse : input.store ? stored(input.data) : compress(input.data),
  }));
  const count = entries.length;
  const zip64 = count > 0xfffe;
  let dataSize = 0;
  let directorySize = 0;
  for (const { name, member } of entries) {
    dataSize += 30 + name.length + member.raw.length;
    directorySize += 46 + name.length;
  }
  if (dataSize > 0xfffffffe) throw new RangeError('Packages larger than 4 GiB are not supported.');
  // One buffer for the whole archive: no per-member allocations or final concatenation.
  const out = Buffer.allocUnsafe(dataSize + directorySize + (zip64 ? 76 : 0) + 22);
  let pos = 0;
  let central = dataSize;
  for (const { name, flags, member } of entries) {
    const offset = pos;
    out.writeUInt32LE(0x04034b50, pos);
    out.writeUInt16LE(20, pos + 4);
    out.writeUInt16LE(flags, pos + 6);
    out.writeUInt16LE(member.method, pos + 8);
    out.writeUInt16LE(time, pos + 10);
    out.writeUInt16LE(date, pos + 12);
    out.writeUInt32LE(member.crc, pos + 14);
    out.writeUInt32LE(member.compressedSize, pos + 18);
    out.writeUInt32LE(member.size, pos + 22);
    out.writeUInt16LE(name.length, pos + 26);
    out.writeUInt16LE(0, pos + 28);
    name.copy(out, pos + 30);
    out.set(member.raw, pos + 30 + name.length);
    pos += 30 + name.length + member.raw.length;
    out.writeUInt32LE(0x02014b50, central);
    out.writeUInt16LE((3 << 8) | 20, central + 4);
    out.writeUInt16LE(20, central + 6);
    out.writeUInt16LE(flags, central + 8);
    out.writeUInt16LE(member.method, central + 10);
    out.writeUInt16LE(time, central + 12);
    out.writeUInt16LE(date, central + 14);
    out.writeUInt32LE(member.crc, central + 16);
    out.writeUInt32LE(member.compressedSize, central + 20);
    out.writeUInt32LE(member.size, central + 24);
    out.writeUInt16LE(name.length, central + 28);
    out.fill(0, central + 30, central + 38);
    out.writeUInt32LE(FILE_MODE >>> 0, central + 38);
    out.writeUInt32LE(offset, central + 42);
    name.copy(out, central + 46);
    central += 46 + name.length;
  }
  pos = central;
  if (zip64) {
    out.fill(0, pos, pos + 76);
    out.writeUInt32LE(0x06064b50, pos);
    out.writeBigUInt64LE(44n, pos + 4);
    out.writeUInt16LE((3 << 8) | 45, pos + 12);
    out.writeUInt16LE(45, pos + 14);
    out.writeBigUInt64LE(BigInt(count), pos + 24);
    out.writeBigUInt64LE(BigInt(count), pos + 32);
    out.writeBigUInt64LE(BigInt(directorySize), pos + 40);
    out.writeBigUInt64LE(BigInt(dataSize), pos + 48);
    out.writeUInt32LE(0x07064b50, pos + 56);
    out.writeBigUInt64LE(BigInt(pos), pos + 64);
    out.writeUInt32LE(1, pos + 72);
    pos += 76;
  }
  out.fill(0, pos, pos + 22);
  out.writeUInt32LE(0x06054b50, pos);
  out.writeUInt16LE(Math.min(count, 0xffff), pos + 8);
  out.writeUInt16LE(Math.min(count, 0xffff), pos + 10);
  out.writeUInt32LE(directorySize, pos + 12);
  out.writeUInt32LE(dataSize, pos + 16);
  return out;
}

/** Large members (the git index, a big manifest) are rewritten on every save: a faster level pays off there. */
function compress(data: Uint8Array): ZipMember {
  const raw = deflateSync(data, { level: data.length > 256 * 1024 ? 1 : 6 });
  return { name: '', method: 8, crc: crc32(data), compressedSize: raw.length, size: data.length, unixMode: 0o100644, raw };
}

function stored(data: Uint8Array): ZipMember {
  return { name: '', method: 0, crc: crc32(data), compressedSize: data.length, size: data.length, unixMode: 0o100644, raw: data };
}

function dosDateTime(now: Date): { time: number; date: number } {
  const time = (now.getHours() << 11) | (now.getMinutes() << 5) | (now.getSeconds() >> 1);
  const date = ((Math.max(now.getFullYear(), 1980) - 1980) << 9) | ((now.getMonth() + 1) << 5) | now.getDate();
  return { time, date };
}
