import { deflateSync } from 'fflate';
import { crc32 } from 'node:zlib';
import type { ZipMember } from './zip-reader.js';

/**
 * A member to write: fresh bytes (deflated here, or stored when `store` is set: for data that is already
 * compressed, such as git objects and packs) or a member of an existing archive copied as is.
 */
export type ZipInput = { readonly name: string; readonly data: Uint8Array; readonly store?: boolean } | { readonly name: string; readonly reuse: ZipMember };

const FILE_MODE = 0o100644 << 16;

/**
 * Writes a DEFLATE archive the way EDSL's does: regular files only, names sorted, Unix mode bits recorded,
 * ZIP64 end records once there are more than 65,535 members. Unchanged members of the previous archive are
 * copied without re-compressing them, which keeps a one-record save of a large package fast.
 */
export function writeZip(inputs: readonly ZipInput[], now = new Date()): Buffer {
  const sorted = [...inputs].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const { time, date } = dosDateTime(now);
  const chunks: Uint8Array[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const input of sorted) {
    const entry = 'reuse' in input ? input.reuse : input.store ? stored(input.data) : compress(input.data);
    const name = Buffer.from(input.name, 'utf8');
    const flags = /[^\x20-\x7e]/.test(input.name) ? 0x0800 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.compressedSize, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE((3 << 8) | 20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(flags, 8);
    header.writeUInt16LE(entry.method, 10);
    header.writeUInt16LE(time, 12);
    header.writeUInt16LE(date, 14);
    header.writeUInt32LE(entry.crc, 16);
    header.writeUInt32LE(entry.compressedSize, 20);
    header.writeUInt32LE(entry.size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(FILE_MODE >>> 0, 38);
    if (offset > 0xfffffffe) throw new RangeError('Packages larger than 4 GiB are not supported.');
    header.writeUInt32LE(offset, 42);
    chunks.push(local, name, entry.raw);
    central.push(header, name);
    offset += 30 + name.length + entry.raw.length;
  }
  const directoryOffset = offset;
  const directorySize = central.reduce((sum, part) => sum + part.length, 0);
  const count = sorted.length;
  const tail: Buffer[] = [];
  if (count > 0xfffe) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE((3 << 8) | 45, 12);
    record.writeUInt16LE(45, 14);
    record.writeBigUInt64LE(BigInt(count), 24);
    record.writeBigUInt64LE(BigInt(count), 32);
    record.writeBigUInt64LE(BigInt(directorySize), 40);
    record.writeBigUInt64LE(BigInt(directoryOffset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(directoryOffset + directorySize), 8);
    locator.writeUInt32LE(1, 16);
    tail.push(record, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(count, 0xffff), 8);
  end.writeUInt16LE(Math.min(count, 0xffff), 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return Buffer.concat([...chunks, ...central, ...tail, end]);
}

function compress(data: Uint8Array): ZipMember {
  const raw = deflateSync(data, { level: 6 });
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
