import { crc32, deflateRawSync } from 'node:zlib';

/** One member as a hostile archive holds it: any name, any mode, and sizes that may lie. */
export interface RawMember {
  readonly name: string;
  readonly data: Uint8Array;
  /** Unix mode bits (file type included); 0o100644 by default. */
  readonly mode?: number;
  readonly store?: boolean;
  /** Declared uncompressed size, when it should differ from the real one. */
  readonly declaredSize?: number;
  /** Compressed bytes to use as they are (with `declaredSize` and `crc`), for bombs built once and reused. */
  readonly compressed?: Uint8Array;
  readonly crc?: number;
  /** The name in the member's local header, when it should differ from the central directory's. */
  readonly localName?: string;
}

/**
 * Writes a ZIP archive exactly as told, without the checks a real writer makes: traversal and absolute
 * names, symlinks, and sizes that do not match the data are all written as given.
 */
export function buildZip(members: readonly RawMember[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const member of members) {
    const name = Buffer.from(member.name, 'utf8');
    const localName = Buffer.from(member.localName ?? member.name, 'utf8');
    const compressed = member.compressed ?? (member.store ? Buffer.from(member.data) : deflateRawSync(member.data));
    const method = member.store && !member.compressed ? 0 : 8;
    const crc = member.crc ?? crc32(member.data);
    const size = member.declaredSize ?? member.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size >>> 0, 22);
    local.writeUInt16LE(localName.length, 26);
    locals.push(local, localName, Buffer.from(compressed));
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size >>> 0, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((member.mode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + localName.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(members.length, 8);
  end.writeUInt16LE(members.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

let zeros: { compressed: Buffer; crc: number; size: number } | undefined;

/** 64 MiB of zeros deflated once (about 64 KiB): the payload of every bomb member. */
export function zerosPayload(): { compressed: Buffer; crc: number; size: number } {
  if (!zeros) {
    const data = Buffer.alloc(64 * 1024 * 1024);
    zeros = { compressed: deflateRawSync(data, { level: 9 }), crc: crc32(data), size: data.length };
  }
  return zeros;
}
