import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { inflateSync, unzipSync, zipSync } from 'fflate';
import { blobHeaderLength, blobId, framedBlobDigest, writeBlobHeader } from '../../src/storage/git/git-objects.js';
import { inflateFramed } from '../../src/storage/zip/framed-inflate.js';
import { inflateMember, readZip, readZipDirectory } from '../../src/storage/zip/zip-reader.js';
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { Limits } from '../../src/limits/limits.js';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ScenarioList } from '../../src/records/scenario-list.js';
import { GitPackageStore } from '../../src/storage/git-package-store.js';
import { OpenPackage } from '../../src/storage/package/open-package.js';

/** A package of `count` records saved by ep at `dir/p.ep`, and its archive's members. */
async function savedPackage(dir: string, count: number) {
  const file = path.join(dir, 'p.ep');
  const records = Array.from({ length: count }, (_, i) => ({ key: `k.${i}`, summary: `note ${i}` }));
  await new GitPackageStore().save(file, new ScenarioList(records));
  return { file, records, members: unzipSync(new Uint8Array(await readFile(file))) };
}

const blobHeader = (size: number) => Buffer.from(`blob ${size}\0`, 'latin1');

/** Runs `body` with a fresh temp directory, removed afterwards. */
async function inTempDir(body: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ep-inflate-'));
  try {
    await body(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('reading members fast', () => {
  it('gives the same bytes one member at a time or all at once into a slab, and the same as fflate', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 2_000 }), { minLength: 1, maxLength: 8 }), fc.boolean(), (contents, repetitive) => {
        const files = Object.fromEntries(contents.map((data, i) => [`f${i}`, repetitive ? new Uint8Array(data.length).fill(i) : data]));
        const archive = zipSync(files, { level: 6 });
        const directory = readZipDirectory(archive, 'p.ep');
        const members = directory.members();
        const framed = inflateFramed(
          directory,
          members.map((_, at) => at),
          'p.ep',
        );
        members.forEach((member, i) => {
          const plain = inflateMember(member, 'p.ep');
          const viaSlab = framed.data[i]!;
          assert.deepEqual(plain, Buffer.from(files[member.name]!));
          assert.deepEqual(Buffer.from(viaSlab), plain);
          assert.equal(viaSlab.buffer, framed.data[0]!.buffer, 'the bytes live in one slab');
          if (member.method === 8) assert.deepEqual(plain, Buffer.from(inflateSync(member.raw)));
        });
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a member whose bytes do not match its CRC', () => {
    const [member] = readZip(zipSync({ a: new TextEncoder().encode('hello hello hello') }), 'p.ep');
    assert.throws(
      () => inflateMember({ ...member!, crc: (member!.crc + 1) >>> 0 }, 'p.ep'),
      (error: { code: string }) => error.code === 'INVALID_PACKAGE',
    );
  });

  it('computes blob ids over a framed range equal to git hashing the content', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3_000 }), (content) => {
        const header = blobHeader(content.length);
        const framed = new Uint8Array(header.length + content.length);
        framed.set(header);
        framed.set(content, header.length);
        const expected = createHash('sha1').update(`blob ${content.length}\0`).update(content).digest('hex');
        assert.equal(framedBlobDigest(framed).toString('hex'), expected);
        assert.equal(blobId(content), expected);
      }),
    );
    assert.equal(blobId(new Uint8Array()), 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391');
    for (const size of [0, 7, 10, 999, 123_456_789]) {
      const target = new Uint8Array(blobHeaderLength(size) + 3);
      assert.equal(writeBlobHeader(target, 3, size), target.length);
      assert.deepEqual(Buffer.from(target.subarray(3)), blobHeader(size));
    }
  });

  it('proves a package equal to HEAD with the same blob ids as hashing each file on its own', async () => {
    await inTempDir(async (dir) => {
      const file = path.join(dir, 'p.ep');
      const records = Array.from({ length: 40 }, (_, i) => ({ key: `k.${i}`, summary: 'word '.repeat(i), weight: i / 4 }));
      await new GitPackageStore().save(file, new ScenarioList(records));
      const opened = await OpenPackage.open(file);
      const ids = opened.worktree();
      assert.ok(ids.size > 40);
      for (const [name, id] of ids) assert.equal(id, blobId(opened.content(name)!), name);
      assert.ok(opened.worktreeMatches('HEAD'));
      await opened.close();
    });
  });

  it('loads the same records with the parallelInflate store option on or off', async () => {
    await inTempDir(async (dir) => {
      const file = path.join(dir, 'p.ep');
      const records = Array.from({ length: 600 }, (_, i) => ({ key: `k.${i}`, summary: 'word '.repeat(i % 50), weight: i / 4 }));
      await new GitPackageStore().save(file, new ScenarioList(records));
      const [two, one] = await Promise.all([true, false].map((parallelInflate) => new GitPackageStore({ parallelInflate }).load(file)));
      assert.deepEqual(two!.list.toArray(), records);
      assert.deepEqual(one!.list.toArray(), two!.list.toArray());
      assert.equal(one!.commit, two!.commit);
    });
  });

  it('gives the SHA-256 of the bytes it read when asked, from the helper thread or without one', async () => {
    await inTempDir(async (dir) => {
      const file = path.join(dir, 'p.ep');
      const records = Array.from({ length: 300 }, (_, i) => ({ key: `k.${i}`, summary: 'word '.repeat(i % 40) }));
      await new GitPackageStore().save(file, new ScenarioList(records));
      const expected = createHash('sha256')
        .update(await readFile(file))
        .digest('hex');
      for (const parallelInflate of [true, false]) {
        const loaded = await new GitPackageStore({ parallelInflate }).load(file, { digest: true });
        assert.equal(loaded.digest, expected, `parallelInflate ${parallelInflate}`);
        assert.deepEqual(loaded.list.toArray(), records);
      }
      assert.equal((await new GitPackageStore().load(file)).digest, undefined, 'no digest unless asked for');
    });
  });

  it("reads HEAD's records from a package EDSL left detached with an edited working tree, with the helper thread or without", async () => {
    await inTempDir(async (dir) => {
      const { file, records, members } = await savedPackage(dir, 300);
      const { commit } = await new GitPackageStore().load(file);
      // HEAD names the commit itself, and a record file was edited after it: the working tree is not HEAD's.
      members['.git/HEAD'] = new TextEncoder().encode(`${commit}\n`);
      members['scenarios/000007.json'] = new TextEncoder().encode('{\n  "key": "edited"\n}\n');
      await writeFile(file, zipSync(members));
      const expected = createHash('sha256')
        .update(await readFile(file))
        .digest('hex');
      for (const parallelInflate of [true, false]) {
        const loaded = await new GitPackageStore({ parallelInflate }).load(file, { digest: true });
        assert.deepEqual(loaded.list.toArray(), records, `parallelInflate ${parallelInflate}`);
        assert.equal(loaded.commit, commit);
        assert.equal(loaded.digest, expected);
      }
    });
  });

  it('reads straight from an archive whose members another writer listed out of git’s order', async () => {
    await inTempDir(async (dir) => {
      const { file, records, members } = await savedPackage(dir, 120);
      const inGitOrder = Object.keys(members);
      const reversed = [...inGitOrder].reverse();
      await writeFile(file, zipSync(Object.fromEntries(reversed.map((name) => [name, members[name]!]))));
      assert.deepEqual(readZipDirectory(await readFile(file), file).names, reversed);
      const opened = await OpenPackage.open(file);
      try {
        const snapshot = await opened.snapshot();
        assert.equal(snapshot.source, 'worktree', 'proven equal to HEAD without git');
        assert.deepEqual(snapshot.list.toArray(), records);
      } finally {
        await opened.close();
      }
    });
  });

  it('refuses a package file larger than a package may unpack to, before reading it', async () => {
    await inTempDir(async (dir) => {
      const file = path.join(dir, 'huge.ep');
      await writeFile(file, '');
      await truncate(file, Limits.packageBytes + 1);
      await assert.rejects(OpenPackage.open(file), { code: 'LIMIT_EXCEEDED' });
    });
  });

  it('reads a record whose archive checksum is wrong by its proven blob id, and writes it back with a right one', async () => {
    await inTempDir(async (dir) => {
      const file = path.join(dir, 'p.ep');
      const records = Array.from({ length: 30 }, (_, i) => ({ key: `k.${i}`, summary: `note ${i}` }));
      const store = new GitPackageStore();
      await store.save(file, new ScenarioList(records));
      const bytes = await readFile(file);
      const target = readZip(bytes, 'p.ep').find((member) => member.name === 'scenarios/000007.json')!;
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      let entry = bytes.length - 22;
      while (!(
        view.getUint32(entry, true) === 0x02014b50 && bytes.toString('latin1', entry + 46, entry + 46 + target.name.length) === target.name
      ))
        entry -= 1;
      view.setUint32(entry + 16, (target.crc + 1) >>> 0, true);
      await writeFile(file, bytes);
      assert.throws(
        () =>
          inflateMember(
            readZip(bytes, 'p.ep').find((member) => member.name === target.name)!,
            'p.ep',
          ),
        { code: 'INVALID_PACKAGE' },
      );
      assert.deepEqual((await store.load(file)).list.toArray(), records);
      await store.update(file, (latest) => latest.upsert('key', { key: 'k.99', summary: 'new' }));
      const rewritten = readZip(await readFile(file), 'p.ep');
      for (const member of rewritten) inflateMember(member, 'p.ep');
    });
  });
});
