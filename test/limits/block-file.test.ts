import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { closeSync, openSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { decodeBlockFile, openBlockFile, SectionedBlockFile, type BodyPart } from '../../src/limits/block-file.js';
import { BlockCheckFailed, CHECKED_BLOCK_BYTES } from '../../src/limits/checked-blocks.js';

const MAGIC = 0x54534554;
const options = { what: 'A test file', maxBytes: 1 << 26 };

/** Bytes that differ along their length, so a chunk copied to the wrong place reads back wrong. */
const pattern = Buffer.from(Array.from({ length: 1_200_000 }, (_, i) => (i * 7 + (i >> 8)) % 251));
/** Views into one buffer, as a read's record texts are: some empty, some larger than the staging buffer. */
const chunk = fc
  .oneof(
    { weight: 6, arbitrary: fc.nat(300) },
    { weight: 1, arbitrary: fc.constant(0) },
    { weight: 1, arbitrary: fc.integer({ min: 1_000_000, max: 1_100_000 }) },
  )
  .chain((length) => fc.nat(90_000).map((start) => pattern.subarray(start, start + length)));
const parts = fc.uniqueArray(fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), fc.array(chunk, { maxLength: 12 })), {
  selector: ([name]) => name,
  maxLength: 6,
});

/** What each section holds when read back, and the zeroes around them. */
function assertSections(file: Buffer, given: readonly BodyPart[], align: number): void {
  const { header, blocks } = decodeBlockFile(file, MAGIC, 3);
  const sections = header.sections as Record<string, [number, number]>;
  let end = 0;
  for (const [name, chunks] of given) {
    const [offset, length] = sections[name]!;
    assert.equal(offset % align, 0);
    assert.ok(offset >= end && offset - end < align);
    if (offset > end)
      assert.ok(
        blocks.range(end, offset - end).every((byte) => byte === 0),
        'padding is zeroes',
      );
    assert.deepEqual(blocks.range(offset, length), Buffer.concat([chunks].flat()));
    end = offset + length;
  }
  assert.equal(header.bodyBytes, end);
}

describe('sectioned block files', () => {
  it('reads back every section whole, on its boundary, between zeroes', () => {
    fc.assert(
      fc.property(parts, fc.constantFrom(4, 8), (given, align) => {
        const file = new SectionedBlockFile(MAGIC, 3, { kind: 'test' }, given, align);
        const bytes = file.bytes();
        assert.equal(bytes.length, file.size);
        assertSections(bytes, given, align);
      }),
      { numRuns: 40 },
    );
  });

  it('writes the same bytes a piece at a time, each piece where it belongs, as it makes in memory', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ep-block-file-'));
    try {
      await fc.assert(
        fc.asyncProperty(parts, async (given) => {
          const target = path.join(dir, 'file.bin');
          const file = new SectionedBlockFile(MAGIC, 3, { kind: 'test' }, given, 8);
          const fd = openSync(target, 'w');
          const pieces: number[] = [];
          try {
            file.writeTo((bytes, position) => {
              pieces.push(position);
              writeSync(fd, bytes, 0, bytes.length, position);
            });
          } finally {
            closeSync(fd);
          }
          // The body goes out in stages of whole blocks before the head, which holds their checksums.
          assert.equal(pieces.at(-1), 0);
          assert.ok(pieces.slice(0, -1).every((position, i, all) => i === 0 || (position - all[0]!) % CHECKED_BLOCK_BYTES === 0));
          const opened = openBlockFile(target, MAGIC, 3, options);
          assert.deepEqual(opened.header, decodeBlockFile(file.bytes(), MAGIC, 3).header);
          const sections = opened.header.sections as Record<string, [number, number]>;
          for (const [name, chunks] of given) assert.deepEqual(opened.blocks.range(...sections[name]!), Buffer.concat([chunks].flat()));
        }),
        { numRuns: 15 },
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('fails the read of a block whose bytes changed after the checksums were taken', () => {
    const body = Buffer.from(Array.from({ length: 3 * CHECKED_BLOCK_BYTES + 10 }, (_, i) => i % 253));
    const bytes = new SectionedBlockFile(MAGIC, 3, {}, [['body', [body.subarray(0, 5000), body.subarray(5000)]]], 4).bytes();
    const { blocks } = decodeBlockFile(bytes, MAGIC, 3);
    assert.deepEqual(blocks.range(0, body.length), body);
    const damaged = Buffer.from(bytes);
    const at = damaged.length - body.length + 2 * CHECKED_BLOCK_BYTES + 5;
    damaged[at] = damaged[at]! ^ 1;
    const reread = decodeBlockFile(damaged, MAGIC, 3).blocks;
    assert.deepEqual(reread.range(0, CHECKED_BLOCK_BYTES), body.subarray(0, CHECKED_BLOCK_BYTES));
    assert.throws(() => reread.range(2 * CHECKED_BLOCK_BYTES, 10), BlockCheckFailed);
  });
});
