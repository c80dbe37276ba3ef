import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { zipSync } from 'fflate';
import { blobId } from '../../src/storage/git/git-objects.js';
import { ArchiveHelper } from '../../src/storage/zip/archive-helper.js';
import { finishFramedInflate, inflateFramed, planFramedInflate } from '../../src/storage/zip/framed-inflate.js';
import { ChunkState, chunkCount, failedMember, type FramedInflateShared } from '../../src/storage/zip/framed-inflate-chunks.js';
import { readZipDirectory } from '../../src/storage/zip/zip-reader.js';
import type { ZipDirectory } from '../../src/storage/zip/zip-directory.js';

const files = (count: number, seed: number) =>
  Object.fromEntries(
    Array.from({ length: count }, (_, i) => {
      const text = `{"key": "k.${i}", "summary": "${'word '.repeat((i * seed) % 97)}"}\n`;
      return [`scenarios/${String(i).padStart(6, '0')}.json`, new TextEncoder().encode(text)];
    }),
  );

describe('inflating many members with their blob ids', () => {
  it('gives every member its bytes and git blob id, on one thread or two, stored or deflated', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 700 }), fc.integer({ min: 1, max: 50 }), fc.boolean(), (count, seed, parallel) => {
        const input = files(count, seed);
        const archive = zipSync(input, { level: seed % 2 ? 6 : 0 });
        const directory = readZipDirectory(archive, 'p.ep');
        const { data, digests } = withHelper(parallel, (helper) => inflateFramed(directory, everyPosition(directory), 'p.ep', helper));
        directory.names.forEach((name, i) => {
          assert.deepEqual(Buffer.from(data[i]!), Buffer.from(input[name]!), name);
          assert.equal(Buffer.from(digests.subarray(i * 20, i * 20 + 20)).toString('hex'), blobId(input[name]!), name);
        });
      }),
      { numRuns: 12 },
    );
  });

  it('refuses a member that does not inflate to its declared size, whichever thread reads it', () => {
    const archive = zipSync(files(1_200, 7), { level: 6 });
    const name = readZipDirectory(archive, 'p.ep').names[1_100]!;
    declareLarger(archive, name, 1);
    const directory = readZipDirectory(archive, 'p.ep');
    for (const parallel of [false, true]) {
      assert.throws(
        () => withHelper(parallel, (helper) => inflateFramed(directory, everyPosition(directory), 'p.ep', helper)),
        (error: { code: string; details: { member: string } }) => error.code === 'INVALID_PACKAGE' && error.details.member === name,
      );
    }
  });

  it('refuses a member whose compressed bytes are broken', () => {
    const archive = zipSync(files(600, 3), { level: 6 });
    const directory = readZipDirectory(archive, 'p.ep');
    const last = directory.memberAt(599);
    archive.fill(0xff, last.raw.byteOffset, last.raw.byteOffset + last.raw.byteLength);
    assert.throws(
      () => withHelper(true, (helper) => inflateFramed(directory, everyPosition(directory), 'p.ep', helper)),
      (error: { code: string; message: string }) => error.code === 'INVALID_PACKAGE' && /does not inflate/.test(error.message),
    );
  });

  it('takes the bytes and ids the helper thread produced, and its failures', async () => {
    const input = files(1_000, 11);
    const archive = zipSync(input, { level: 6 });
    const directory = readZipDirectory(archive, 'p.ep');
    const positions = everyPosition(directory);
    // The helper takes every chunk before the main thread looks: everything below comes from it.
    const shared = planFramedInflate(directory, positions, 64);
    await helperTakesAll(shared);
    const { data, digests } = finishFramedInflate(shared, directory, positions, 'p.ep');
    directory.names.forEach((name, i) => {
      assert.deepEqual(Buffer.from(data[i]!), Buffer.from(input[name]!), name);
      assert.equal(Buffer.from(digests.subarray(i * 20, i * 20 + 20)).toString('hex'), blobId(input[name]!), name);
    });
    const name = directory.names[321]!;
    declareLarger(archive, name, 2);
    const broken = readZipDirectory(archive, 'p.ep');
    const failing = planFramedInflate(broken, positions, 64);
    await helperTakesAll(failing);
    assert.equal(failedMember(failing), 321);
    assert.throws(
      () => finishFramedInflate(failing, broken, positions, 'p.ep'),
      (error: { code: string; details: { member: string } }) => error.code === 'INVALID_PACKAGE' && error.details.member === name,
    );
  });
});

/** Every member's position in the directory, in order. */
function everyPosition(directory: ZipDirectory): number[] {
  return directory.names.map((_, at) => at);
}

/** Makes the central directory declare `name` `extra` bytes larger than it inflates to, as a damaged archive would. */
function declareLarger(archive: Uint8Array, name: string, extra: number): void {
  const view = new DataView(archive.buffer, archive.byteOffset, archive.byteLength);
  const encoded = Buffer.from(name, 'latin1');
  for (let entry = archive.length - 46; entry >= 0; entry -= 1) {
    if (view.getUint32(entry, true) !== 0x02014b50 || view.getUint16(entry + 28, true) !== encoded.length) continue;
    if (!Buffer.from(archive.buffer, archive.byteOffset + entry + 46, encoded.length).equals(encoded)) continue;
    view.setUint32(entry + 24, view.getUint32(entry + 24, true) + extra, true);
    return;
  }
  throw new Error(`no central directory entry for ${name}`);
}

/** `body`'s result, given a started helper thread when `two` (stopped afterwards), else none. */
function withHelper<T>(two: boolean, body: (helper: ArchiveHelper | undefined) => T): T {
  const helper = two ? ArchiveHelper.start() : undefined;
  if (two) assert.ok(helper, 'a helper thread starts');
  try {
    return body(helper);
  } finally {
    helper?.stop();
  }
}

/** Hands `shared` to a helper thread and waits until it has done every chunk, or found a broken member. */
async function helperTakesAll(shared: FramedInflateShared): Promise<void> {
  const helper = ArchiveHelper.start();
  assert.ok(helper, 'a helper thread starts');
  const control = new Int32Array(shared.control);
  const settled = (chunk: number) => [ChunkState.done, ChunkState.failed].includes(Atomics.load(control, 1 + chunk) as 2 | 3);
  const finished = () => failedMember(shared) !== undefined || Array.from({ length: chunkCount(shared) }, (_, c) => c).every(settled);
  try {
    helper.inflate(shared);
    const deadline = Date.now() + 20_000;
    while (!finished()) {
      assert.ok(Date.now() < deadline, 'the helper finishes within 20 s');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    helper.stop();
  }
}
