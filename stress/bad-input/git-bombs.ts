import { createHash } from 'node:crypto';
import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * zlib bombs in git's own formats: a loose object and a one-object pack (with its version 2 index) whose
 * object inflates to gigabytes from a few megabytes, which a zip then shrinks to kilobytes. The id is
 * made up (git does not check ids on reading), so nothing ever has to hash or hold the inflated bytes.
 */

/** A run of one byte this long, deflated once and repeated: each piece is a self-contained deflate block sequence. */
const PIECE = 16 * 1024 * 1024;
const ADLER_MOD = 65521n;
const pieces = new Map<number, Buffer>();

function deflatedPiece(fill: number): Buffer {
  let piece = pieces.get(fill);
  if (!piece) {
    // A full flush ends every block and forgets the window, so copies of the piece can follow each other.
    piece = deflateRawSync(Buffer.alloc(PIECE, fill), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
    pieces.set(fill, piece);
  }
  return piece;
}

/** Raw DEFLATE of `prefix` followed by `count` copies of the byte `fill`, built in milliseconds whatever `count` is. */
export function deflateRun(prefix: Uint8Array, count: number, fill = 0x20): Buffer {
  const whole = Math.floor(count / PIECE);
  return Buffer.concat([
    deflateRawSync(prefix, { finishFlush: constants.Z_FULL_FLUSH }),
    ...Array.from({ length: whole }, () => deflatedPiece(fill)),
    deflateRawSync(Buffer.alloc(count - whole * PIECE, fill), { level: 9 }),
  ]);
}

/** The same bytes as a zlib stream (header, DEFLATE, Adler-32 of the whole, computed in closed form). */
export function zlibRun(prefix: Uint8Array, count: number, fill = 0x20): Buffer {
  let a = 1n;
  let b = 0n;
  for (const byte of prefix) {
    a = (a + BigInt(byte)) % ADLER_MOD;
    b = (b + a) % ADLER_MOD;
  }
  const n = BigInt(count);
  const f = BigInt(fill);
  // Adding n bytes of f: a grows by f each byte, b by each successive a.
  const a2 = (a + f * n) % ADLER_MOD;
  const b2 = (b + a * n + f * ((n * (n + 1n)) / 2n)) % ADLER_MOD;
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(Number((b2 << 16n) | a2));
  return Buffer.concat([Buffer.from([0x78, 0xda]), deflateRun(prefix, count, fill), trailer]);
}

export interface BombObject {
  /** `type`, and `body` followed by `padding` spaces, make up the object. */
  readonly type: 'commit' | 'tree' | 'blob';
  readonly body: string;
  readonly padding: number;
}

/** A made-up object id for a bomb (distinct per tag). */
export function bombId(tag: string): string {
  return createHash('sha1').update(`bomb ${tag}`).digest('hex');
}

function objectSize(object: BombObject): number {
  return Buffer.byteLength(object.body) + object.padding;
}

/** A loose object file as git stores it: zlib of `type size\0` and the content. */
export function looseObject(object: BombObject): Buffer {
  return zlibRun(Buffer.from(`${object.type} ${objectSize(object)}\0${object.body}`), object.padding);
}

const PACK_TYPE = { commit: 1, tree: 2, blob: 3 } as const;

/** A pack holding one undeltified object under `id`, and its version 2 index. */
export function singleObjectPack(id: string, object: BombObject): { pack: Buffer; index: Buffer; name: string } {
  let size = objectSize(object);
  const header = [(PACK_TYPE[object.type] << 4) | (size & 0x0f)];
  size = Math.floor(size / 16);
  while (size > 0) {
    header[header.length - 1]! |= 0x80;
    header.push(size & 0x7f);
    size = Math.floor(size / 128);
  }
  const entry = Buffer.concat([Buffer.from(header), zlibRun(Buffer.from(object.body), object.padding)]);
  const start = Buffer.alloc(12);
  start.write('PACK', 0, 'latin1');
  start.writeUInt32BE(2, 4);
  start.writeUInt32BE(1, 8);
  const body = Buffer.concat([start, entry]);
  const packSum = createHash('sha1').update(body).digest();
  const fanout = Buffer.alloc(256 * 4);
  const first = Number.parseInt(id.slice(0, 2), 16);
  for (let i = first; i < 256; i += 1) fanout.writeUInt32BE(1, i * 4);
  const fields = Buffer.alloc(8);
  fields.writeUInt32BE(crc32(entry) >>> 0, 0);
  fields.writeUInt32BE(12, 4);
  const indexBody = Buffer.concat([Buffer.from([0xff, 0x74, 0x4f, 0x63, 0, 0, 0, 2]), fanout, Buffer.from(id, 'hex'), fields, packSum]);
  const index = Buffer.concat([indexBody, createHash('sha1').update(indexBody).digest()]);
  return { pack: Buffer.concat([body, packSum]), index, name: `pack-${packSum.toString('hex')}` };
}

/** A commit of `tree` whose message is `padding` spaces. */
export function commitBomb(tree: string, padding: number): BombObject {
  return {
    type: 'commit',
    body: `tree ${tree}\nauthor EDSL <edsl@example.invalid> 1767225600 +0000\ncommitter EDSL <edsl@example.invalid> 1767225600 +0000\n\n`,
    padding,
  };
}
