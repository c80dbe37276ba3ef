import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { zipSync } from 'fflate';
import { blobId } from '../../src/storage/git/git-objects.js';
import { ArchiveHelper } from '../../src/storage/zip/archive-helper.js';
import { finishFramedInflate, inflateFramed, planFramedInflate } from '../../src/storage/zip/framed-inflate.js';
import { ChunkState, chunkCount, failedMember, type FramedInflateShared } from '../../src/storage/zip/framed-inflate-chunks.js';
import { readZip, type ZipMember } from '../../src/storage/zip/zip-reader.js';

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
        const members = readZip(archive, 'p.ep');
        const { data, ids } = withHelper(parallel, (helper) => inflateFramed(archive, members, 'p.ep', helper));
        members.forEach((member, i) => {
          assert.deepEqual(Buffer.from(data[i]!), Buffer.from(input[member.name]!), member.name);
          assert.equal(ids[i], blobId(input[member.name]!), member.name);
        });
      }),
      { numRuns: 12 },
    );
  });

  it('refuses a member that does not inflate to its declared size, whichever thread reads it', () => {
    const archive = zipSync(files(1_200, 7), { level: 6 });
    for (const parallel of [false, true]) {
      const members: ZipMember[] = readZip(archive, 'p.ep').map((member, i) =>
        i === 1_100 ? { ...member, size: member.size + 1 } : member,
      );
      assert.throws(
        () => withHelper(parallel, (helper) => inflateFramed(archive, members, 'p.ep', helper)),
        (error: { code: string; details: { member: string } }) =>
          error.code === 'INVALID_PACKAGE' && error.details.member === members[1_100]!.name,
      );
    }
  });

  it('refuses a member whose compressed bytes are broken', () => {
    const archive = zipSync(files(600, 3), { level: 6 });
    const last = readZip(archive, 'p.ep')[599]!;
    archive.fill(0xff, last.raw.byteOffset, last.raw.byteOffset + last.raw.byteLength);
    assert.throws(
      () => withHelper(true, (helper) => inflateFramed(archive, readZip(archive, 'p.ep'), 'p.ep', helper)),
      (error: { code: string; message: string }) => error.code === 'INVALID_PACKAGE' && /does not inflate/.test(error.message),
    );
  });

  it('takes the bytes and ids the helper thread produced, and its failures', async () => {
    const input = files(1_000, 11);
    const archive = zipSync(input, { level: 6 });
    const members = readZip(archive, 'p.ep');
    // The helper takes every chunk before the main thread looks: everything below comes from it.
    const shared = planFramedInflate(archive, members, 64);
    await helperTakesAll(shared);
    const { data, ids } = finishFramedInflate(shared, members, 'p.ep');
    members.forEach((member, i) => {
      assert.deepEqual(Buffer.from(data[i]!), Buffer.from(input[member.name]!), member.name);
      assert.equal(ids[i], blobId(input[member.name]!), member.name);
    });
    const broken = members.map((member, i) => (i === 321 ? { ...member, size: member.size + 2 } : member));
    const failing = planFramedInflate(archive, broken, 64);
    await helperTakesAll(failing);
    assert.equal(failedMember(failing), 321);
    assert.throws(
      () => finishFramedInflate(failing, broken, 'p.ep'),
      (error: { code: string; details: { member: string } }) =>
        error.code === 'INVALID_PACKAGE' && error.details.member === members[321]!.name,
    );
  });
});

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
