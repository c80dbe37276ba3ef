import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { inflateSync, zipSync } from 'fflate';
import { blobHeader, blobHeaderLength, blobId, blobIdOfFramed, writeBlobHeader } from '../../src/storage/git/git-objects.js';
import { inflateMember, readZip } from '../../src/storage/zip/zip-reader.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ScenarioList } from '../../src/records/scenario-list.js';
import { GitPackageStore } from '../../src/storage/git-package-store.js';
import { OpenPackage } from '../../src/storage/package/open-package.js';

describe('reading members fast', () => {
  it('gives the same bytes with or without a target buffer, and the same as fflate', () => {
    fc.assert(fc.property(fc.array(fc.uint8Array({ maxLength: 2_000 }), { minLength: 1, maxLength: 8 }), fc.boolean(), (contents, repetitive) => {
      const files = Object.fromEntries(contents.map((data, i) => [`f${i}`, repetitive ? new Uint8Array(data.length).fill(i) : data]));
      for (const member of readZip(zipSync(files, { level: 6 }), 'p.ep')) {
        const plain = inflateMember(member, 'p.ep');
        const target = new Uint8Array(member.size);
        const viaTarget = inflateMember(member, 'p.ep', target);
        assert.deepEqual(plain, Buffer.from(files[member.name]!));
        assert.deepEqual(viaTarget, plain);
        assert.equal(viaTarget.buffer, target.buffer, 'the bytes live in the target');
        if (member.method === 8) assert.deepEqual(plain, Buffer.from(inflateSync(member.raw)));
      }
    }), { numRuns: 60 });
  });

  it('refuses a member whose bytes do not match its CRC', () => {
    const [member] = readZip(zipSync({ a: new TextEncoder().encode('hello hello hello') }), 'p.ep');
    assert.throws(() => inflateMember({ ...member!, crc: (member!.crc + 1) >>> 0 }, 'p.ep', new Uint8Array(member!.size)),
      (error: { code: string }) => error.code === 'INVALID_PACKAGE');
  });

  it('computes blob ids over a framed range equal to git hashing the content', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 3_000 }), (content) => {
      const header = blobHeader(content.length);
      const framed = new Uint8Array(header.length + content.length);
      framed.set(header);
      framed.set(content, header.length);
      const expected = createHash('sha1').update(`blob ${content.length}\0`).update(content).digest('hex');
      assert.equal(blobIdOfFramed(framed), expected);
      assert.equal(blobId(content), expected);
    }));
    assert.equal(blobId(new Uint8Array()), 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391');
    for (const size of [0, 7, 10, 999, 123_456_789]) {
      const target = new Uint8Array(blobHeaderLength(size) + 3);
      assert.equal(writeBlobHeader(target, 3, size), target.length);
      assert.deepEqual(Buffer.from(target.subarray(3)), blobHeader(size));
    }
  });

  it('proves a package equal to HEAD with the same blob ids as hashing each file on its own', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ep-inflate-'));
    try {
      const file = path.join(dir, 'p.ep');
      const records = Array.from({ length: 40 }, (_, i) => ({ key: `k.${i}`, summary: 'word '.repeat(i), weight: i / 4 }));
      await new GitPackageStore().save(file, new ScenarioList(records));
      const opened = await OpenPackage.open(file);
      const ids = opened.worktree();
      assert.ok(ids.size > 40);
      for (const [name, id] of ids) assert.equal(id, blobId(opened.content(name)!), name);
      assert.ok(opened.worktreeMatches('HEAD'));
      await opened.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('loads the same records with the parallelInflate store option on or off', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ep-inflate-'));
    try {
      const file = path.join(dir, 'p.ep');
      const records = Array.from({ length: 600 }, (_, i) => ({ key: `k.${i}`, summary: 'word '.repeat(i % 50), weight: i / 4 }));
      await new GitPackageStore().save(file, new ScenarioList(records));
      const [two, one] = await Promise.all([true, false].map((parallelInflate) => new GitPackageStore({ parallelInflate }).load(file)));
      assert.deepEqual(two!.list.toArray(), records);
      assert.deepEqual(one!.list.toArray(), two!.list.toArray());
      assert.equal(one!.commit, two!.commit);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
