// The floor of a first read of a `.ep` package in a fresh Node process: read the archive, inflate every record
// file, hash each as a git blob (what proves the files equal the commit) and parse it as JSON. Nothing of ep's
// is loaded, no member is checked and nothing is kept, so no reader of the package can be faster in one
// thread. Each step the fastest way known: one zlib stream reset between files, driven through its binding
// as ep's reader drives it (src/storage/zip/bounded-inflate.ts), and one-shot hashing of each file behind its
// blob header. CommonJS, as ep's own entry is: an ES module entry starts some 10 ms slower.
import * as crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import { constants, InflateRaw } from 'node:zlib';
// A type only, erased when compiled: the floor still loads nothing of ep's.
import type { ZlibBinding } from '../../src/storage/zip/bounded-inflate.js' with { 'resolution-mode': 'import' };

const engine = new InflateRaw();
const { _handle: zlib, _writeState: zlibState } = engine as unknown as { _handle: ZlibBinding; _writeState: Uint32Array };
const hash = (crypto as { hash?: (algorithm: string, data: Uint8Array, encoding: 'buffer') => Buffer }).hash;

const file = process.argv[2];
if (!file) throw new Error('usage: package-read-floor <package.ep>');
const bytes = readFileSync(file);
let end = bytes.length - 22;
while (end >= 0 && bytes.readUInt32LE(end) !== 0x06054b50) end -= 1;
if (end < 0) throw new Error(`${file} is not a zip archive`);
const count = bytes.readUInt16LE(end + 10);
let at = bytes.readUInt32LE(end + 16);
let records = 0;
for (let i = 0; i < count; i += 1) {
  const method = bytes.readUInt16LE(at + 10);
  const compressedSize = bytes.readUInt32LE(at + 20);
  const size = bytes.readUInt32LE(at + 24);
  const nameLength = bytes.readUInt16LE(at + 28);
  const local = bytes.readUInt32LE(at + 42);
  const name = bytes.toString('latin1', at + 46, at + 46 + nameLength);
  at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  if (!name.startsWith('scenarios/')) continue;
  const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
  const header = `blob ${size}\0`;
  const frame = Buffer.allocUnsafe(header.length + size + 1);
  frame.write(header, 0, 'latin1');
  if (method === 8) {
    zlib.reset();
    zlib.writeSync(constants.Z_FINISH, bytes, start, compressedSize, frame, header.length, size + 1);
    if (zlibState[0] !== 1) throw new Error(`${name} does not inflate to ${size} bytes`);
  } else bytes.copy(frame, header.length, start, start + size);
  const framed = frame.subarray(0, header.length + size);
  if (hash) hash('sha1', framed, 'buffer');
  else crypto.createHash('sha1').update(framed).digest();
  JSON.parse(frame.toString('utf8', header.length, header.length + size));
  records += 1;
}
if (records === 0) throw new Error(`${file} holds no record files`);
