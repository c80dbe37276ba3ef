// The floor of a first read of a `.ep` package in a fresh Node process: read the archive, inflate every record
// file, hash each as a git blob (what proves the files equal the commit) and parse it as JSON. Nothing of ep's
// is loaded, no member is checked and nothing is kept, so no reader of the package can be faster in one
// thread. CommonJS, as ep's own entry is: an ES module entry starts some 10 ms slower.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';

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
  const raw = bytes.subarray(start, start + compressedSize);
  const data = method === 8 ? inflateRawSync(raw) : raw;
  createHash('sha1').update(`blob ${size}\0`).update(data).digest();
  JSON.parse(data.toString('utf8'));
  records += 1;
}
if (records === 0) throw new Error(`${file} holds no record files`);
