import assert from 'node:assert/strict';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import {
  BlockCheckFailed,
  blockChecksums,
  CheckedBlocks,
  fileSpans,
  memorySpans,
  type SpanReader,
} from '../../src/limits/checked-blocks.js';

const BLOCK = 1024;
const body = Buffer.from(Array.from({ length: 5 * BLOCK + 300 }, (_, i) => (i * 31 + 7) % 251));
const options = { what: 'A test file', maxBytes: 1 << 20 };

/** Reads through `read`, counting the bytes asked for. */
function counting(read: SpanReader): { read: SpanReader; bytes: number } {
  const counter = {
    bytes: 0,
    read: (start: number, end: number) => {
      counter.bytes += end - start;
      return read(start, end);
    },
  };
  return counter;
}

describe('a body read in checked blocks', () => {
  it('gives every range as the body holds it, reading only the blocks the range lies in', () => {
    fc.assert(
      fc.property(fc.nat(body.length), fc.nat(body.length), (a, b) => {
        const [offset, end] = a <= b ? [a, b] : [b, a];
        const reader = counting(memorySpans(body));
        const blocks = new CheckedBlocks(reader.read, body.length, blockChecksums(body, BLOCK), BLOCK);
        assert.deepEqual(blocks.range(offset, end - offset), body.subarray(offset, end));
        const spanned = end === offset ? 0 : Math.floor((end - 1) / BLOCK) - Math.floor(offset / BLOCK) + 1;
        assert.ok(reader.bytes <= spanned * BLOCK, `${reader.bytes} bytes read for ${spanned} blocks`);
      }),
      { numRuns: 300 },
    );
  });

  it('reads a block once for ranges within it', () => {
    const reader = counting(memorySpans(body));
    const blocks = new CheckedBlocks(reader.read, body.length, blockChecksums(body, BLOCK), BLOCK);
    blocks.range(BLOCK + 10, 20);
    blocks.range(BLOCK + 500, 100);
    assert.equal(reader.bytes, BLOCK);
  });

  it('serves every range within a held run of blocks from its one read', () => {
    fc.assert(
      fc.property(
        fc.nat(body.length),
        fc.nat(body.length),
        fc.array(fc.tuple(fc.nat(body.length), fc.nat(body.length))),
        (a, b, ranges) => {
          const [start, end] = a <= b ? [a, b] : [b, a];
          const reader = counting(memorySpans(body));
          const blocks = new CheckedBlocks(reader.read, body.length, blockChecksums(body, BLOCK), BLOCK);
          blocks.hold(start, end - start);
          const held = reader.bytes;
          for (const [x, y] of ranges) {
            const [from, to] = x <= y ? [x, y] : [y, x];
            const inside = from >= Math.floor(start / BLOCK) * BLOCK && to <= Math.min(body.length, Math.ceil(end / BLOCK) * BLOCK);
            const before = reader.bytes;
            assert.deepEqual(blocks.range(from, to - from), body.subarray(from, to));
            if (inside && end > start) assert.equal(reader.bytes, before, `range ${from}-${to} read again inside ${start}-${end}`);
          }
          assert.ok(held <= (Math.ceil(end / BLOCK) - Math.floor(start / BLOCK)) * BLOCK);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses to hold a damaged block or a range outside the body', () => {
    const damaged = Buffer.from(body);
    damaged[3 * BLOCK + 5] = damaged[3 * BLOCK + 5]! ^ 1;
    const blocks = new CheckedBlocks(memorySpans(damaged), body.length, blockChecksums(body, BLOCK), BLOCK);
    assert.throws(() => blocks.hold(BLOCK, 3 * BLOCK), BlockCheckFailed);
    assert.throws(() => blocks.hold(body.length - 1, 2), BlockCheckFailed);
    blocks.hold(0, 2 * BLOCK);
    assert.deepEqual(blocks.range(10, BLOCK), body.subarray(10, BLOCK + 10));
  });

  it('fails a range that meets a damaged block, and serves the others', () => {
    fc.assert(
      fc.property(fc.nat(body.length - 1), fc.integer({ min: 1, max: 255 }), (at, flip) => {
        const damaged = Buffer.from(body);
        damaged[at] = damaged[at]! ^ flip;
        const blocks = new CheckedBlocks(memorySpans(damaged), body.length, blockChecksums(body, BLOCK), BLOCK);
        const hit = Math.floor(at / BLOCK);
        assert.throws(() => blocks.range(hit * BLOCK, 1), BlockCheckFailed);
        const other = hit === 0 ? 1 : 0;
        assert.deepEqual(blocks.range(other * BLOCK, BLOCK), body.subarray(other * BLOCK, (other + 1) * BLOCK));
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a range outside the body and a table that does not fit it', () => {
    const blocks = new CheckedBlocks(memorySpans(body), body.length, blockChecksums(body, BLOCK), BLOCK);
    assert.throws(() => blocks.range(body.length - 1, 2), BlockCheckFailed);
    assert.throws(() => blocks.range(-1, 1), BlockCheckFailed);
    assert.throws(() => new CheckedBlocks(memorySpans(body), body.length, new Uint32Array(2), BLOCK), BlockCheckFailed);
  });
});

describe('a file read in checked blocks', () => {
  let dir = '';
  let file = '';
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ep-blocks-'));
    file = path.join(dir, 'body.bin');
    await writeFile(file, Buffer.concat([Buffer.from('HEAD'), body]));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('reads the body past its head, and fails once the file is replaced or removed', async () => {
    const opened = await stat(file);
    const blocks = () => new CheckedBlocks(fileSpans(file, 4, opened, options), body.length, blockChecksums(body, BLOCK), BLOCK);
    assert.deepEqual(blocks().range(0, body.length), body);
    await writeFile(file, Buffer.concat([Buffer.from('HEAD'), body, Buffer.from('more')]));
    assert.throws(() => blocks().range(0, 1), BlockCheckFailed);
    await rm(file);
    assert.throws(() => blocks().range(0, 1), BlockCheckFailed);
  });
});
