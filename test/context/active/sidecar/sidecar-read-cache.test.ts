import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, stat, truncate, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { writeEdslPackage } from '../../../../features/support/storage-edsl-fixtures.js';
import { allRecords } from '../../../../src/context/active/record-source.js';
import { Limits } from '../../../../src/limits/limits.js';
import { PackageReadCache } from '../../../../src/context/active/package-read-cache.js';
import { ContextRecordsService } from '../../../../src/context/active/context-records-service.js';
import { decodeSidecar } from '../../../../src/context/active/sidecar/sidecar-decode.js';
import { assembleSidecar, hasSearchColumns } from '../../../../src/context/active/sidecar/sidecar-format.js';
import { LinePacker } from '../../../../src/context/package/line-packer.js';
import { ScenarioList } from '../../../../src/records/scenario-list.js';
import { Bm25SearchEngine } from '../../../../src/search/bm25/bm25-engine.js';
import { bm25IndexFile } from '../../../../src/search/bm25/bm25-index-file.js';
import { GitPackageStore } from '../../../../src/storage/git-package-store.js';
import type { PackageStore } from '../../../../src/storage/package-store-contract.js';

const topics = ['pricing', 'conjoint', 'pilot', 'consent', 'budget'];
const records = Array.from({ length: 60 }, (_, i) => ({
  key: `note.${i}`,
  kind: 'note',
  summary: `Finding ${i} on ${topics[i % 5]} and ${topics[(i * 3) % 5]}.`,
  tags: [topics[(i + 1) % 5]!],
}));

/** The real store, counting the loads that reach the package. */
function countingStore(): PackageStore & { loads: number } {
  const store = new GitPackageStore();
  const counted = Object.assign(Object.create(store) as PackageStore, { loads: 0 });
  counted.load = (file, options) => {
    counted.loads += 1;
    return store.load(file, options);
  };
  return counted;
}

describe('the read cache with sidecars, over a real package', () => {
  let dir = '';
  let file = '';
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ep-sidecar-'));
    file = path.join(dir, 'research_context.ep');
    await new GitPackageStore().save(file, new ScenarioList(records));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  const service = (store: PackageStore, cacheDir?: string) =>
    new ContextRecordsService({
      cwd: dir,
      store,
      engine: new Bm25SearchEngine(),
      packer: new LinePacker(),
      tokenizer: undefined as never,
      ...(cacheDir ? { cacheDir } : {}),
    });
  const answers = async (records: ContextRecordsService) => [
    (await records.search({ query: 'pilot pricing', paths: [file], topK: 7 })).data,
    (await records.get('note.17', { paths: [file] })).data,
  ];
  const sidecarOf = async (cacheDir: string) =>
    path.join(
      cacheDir,
      (await readdir(cacheDir)).find((name) => name.endsWith('.eprc'))!,
    );

  it('answers as the package does, and reads it once while it is unchanged', async () => {
    const cacheDir = path.join(dir, 'cache-a');
    const store = countingStore();
    const expected = await answers(service(new GitPackageStore()));
    assert.deepEqual(await answers(service(store, cacheDir)), expected);
    assert.deepEqual(await answers(service(store, cacheDir)), expected);
    assert.equal(store.loads, 1);
    assert.ok(decodeSidecar(await readFile(await sidecarOf(cacheDir))));
  });

  it('answers a first search from the sidecar it built when the cache directory cannot be written', async () => {
    const blocked = path.join(dir, 'a-file-not-a-directory');
    await writeFile(blocked, '');
    const store = countingStore();
    const expected = await answers(service(new GitPackageStore()));
    assert.deepEqual(await answers(service(store, path.join(blocked, 'cache'))), expected);
    assert.deepEqual(await answers(service(store, path.join(blocked, 'cache'))), expected);
    assert.equal(store.loads, 4, 'every read reads the package');
  });

  it('rebuilds a truncated, damaged or emptied sidecar and answers correctly', async () => {
    const cacheDir = path.join(dir, 'cache-b');
    const expected = await answers(service(new GitPackageStore()));
    const store = countingStore();
    await answers(service(store, cacheDir));
    const sidecar = await sidecarOf(cacheDir);
    const damage = [
      () => truncate(sidecar, 100),
      async () => {
        const bytes = await readFile(sidecar);
        bytes[bytes.length >> 1] = bytes[bytes.length >> 1]! ^ 0xff;
        await writeFile(sidecar, bytes);
      },
      () => writeFile(sidecar, ''),
      () => writeFile(sidecar, 'EPRC garbage'),
    ];
    for (const [i, harm] of damage.entries()) {
      await harm();
      assert.deepEqual(await answers(service(store, cacheDir)), expected);
      assert.equal(store.loads, 2 + i, 'the package was read again');
      assert.ok(decodeSidecar(await readFile(sidecar)), 'and the sidecar rewritten');
    }
  });

  it('answers from the package when a record text under a valid checksum does not parse, and replaces the sidecar', async () => {
    const cacheDir = path.join(dir, 'cache-c');
    const expected = await answers(service(new GitPackageStore()));
    await answers(service(new GitPackageStore(), cacheDir));
    const sidecar = await sidecarOf(cacheDir);
    const { header, body } = decodeSidecar(await readFile(sidecar))!;
    // Every record text starts with `{`; turn them all into `[`, and write the checksums for that.
    const [offset, length] = header.sections.records!;
    const bytes = Buffer.from(body());
    for (let at = offset; at < offset + length; at += 1) if (bytes[at] === 0x7b) bytes[at] = 0x5b;
    await writeFile(sidecar, assembleSidecar(header, bytes));
    assert.deepEqual(await answers(service(new GitPackageStore(), cacheDir)), expected);
    // The search dropped it; the get that followed wrote a sound one from the package.
    assert.deepEqual(decodeSidecar(await readFile(sidecar))!.source.record(0), records[0]);
  });

  it('answers from the package when the postings a search reads fail their checks under a valid checksum', async () => {
    const cacheDir = path.join(dir, 'cache-p');
    const store = countingStore();
    const expected = await answers(service(new GitPackageStore()));
    await answers(service(store, cacheDir));
    const sidecar = await sidecarOf(cacheDir);
    const { header, body } = decodeSidecar(await readFile(sidecar))!;
    // The index (see bm25-index-file.ts): words n, v and p at 8, 12 and 16; each term's frequencies start
    // after the header, the lengths, the term ends, the offsets and the documents. No frequency is 0.
    const [at] = header.sections.index!;
    const bytes = Buffer.from(body());
    const [n, v, p] = [bytes.readUInt32LE(at + 8), bytes.readUInt32LE(at + 12), bytes.readUInt32LE(at + 16)];
    const frequencies = at + (6 + n + 2 * v + 1 + p) * 4;
    bytes.fill(0, frequencies, frequencies + p * 4);
    await writeFile(sidecar, assembleSidecar(header, bytes));
    // The index opens (what every search reads is sound); the query's postings fail when it reads them.
    assert.ok(decodeSidecar(await readFile(sidecar))!.source.searchIndex!(bm25IndexFile));
    assert.deepEqual(await answers(service(store, cacheDir)), expected);
    assert.equal(store.loads, 2, 'the package was read again');
    const rebuilt = decodeSidecar(await readFile(sidecar))!.source.searchIndex!(bm25IndexFile)!;
    assert.ok(rebuilt.search('pilot pricing').length > 0, 'into a sound sidecar');
  });

  it('leaves what searches read to the first search: a get caches records and keys, a search then adds columns and index', async () => {
    const cacheDir = path.join(dir, 'cache-e');
    const store = countingStore();
    const expected = await answers(service(new GitPackageStore()));
    assert.deepEqual((await service(store, cacheDir).get('note.17', { paths: [file] })).data, expected[1]);
    const sidecar = await sidecarOf(cacheDir);
    const byKey = decodeSidecar(await readFile(sidecar))!;
    assert.equal(byKey.header.index, undefined, 'a get keeps no index');
    assert.equal(hasSearchColumns(byKey.header), false, 'nor search columns');
    assert.equal(byKey.source.searchIndex!(bm25IndexFile), undefined);
    assert.deepEqual(await answers(service(store, cacheDir)), expected);
    const searched = decodeSidecar(await readFile(sidecar))!;
    assert.equal(searched.header.index, bm25IndexFile.format, 'the search added the index');
    assert.ok(hasSearchColumns(searched.header), 'and the search columns');
    assert.equal(searched.source.searchIndex!(bm25IndexFile)!.size, records.length);
    assert.equal(searched.header.identity, byKey.header.identity);
    for (const name of Object.keys(byKey.header.sections)) {
      const [from, length] = byKey.header.sections[name]!;
      const [to, kept] = searched.header.sections[name]!;
      assert.deepEqual(searched.body().subarray(to, to + kept), byKey.body().subarray(from, from + length), `section ${name} kept`);
    }
    assert.equal(store.loads, 1, 'the package was read once, by the get');
    assert.deepEqual(await answers(service(store, cacheDir)), expected);
    assert.equal(store.loads, 1);
  });

  it('reads the package again when the sidecar a search would add the index to is damaged', async () => {
    const cacheDir = path.join(dir, 'cache-f');
    const store = countingStore();
    const expected = await answers(service(new GitPackageStore()));
    await service(store, cacheDir).get('note.17', { paths: [file] });
    const sidecar = await sidecarOf(cacheDir);
    const bytes = await readFile(sidecar);
    bytes[bytes.length - 10] = bytes[bytes.length - 10]! ^ 0xff;
    await writeFile(sidecar, bytes);
    assert.deepEqual(await answers(service(store, cacheDir)), expected);
    assert.equal(store.loads, 2, 'the package was read again');
    assert.equal(decodeSidecar(await readFile(sidecar))!.header.index, bm25IndexFile.format, 'into a sound sidecar with the index');
  });

  it('keeps no index for a package EDSL wrote with a record too large to index, nor writes its sidecar on later searches', async () => {
    const large = path.join(dir, 'large.ep');
    const texts = [
      { key: 'large', summary: `pilot ${'x'.repeat(Limits.recordBytes)}` },
      { key: 'small', summary: 'pilot pricing' },
    ].map((record) => `${JSON.stringify(record, null, 2)}\n`);
    await writeEdslPackage(large, [{ records: texts, message: 'Save ScenarioList' }]);
    const cacheDir = path.join(dir, 'cache-g');
    const search = async () => (await service(new GitPackageStore(), cacheDir).search({ query: 'pilot pricing', paths: [large] })).data;
    const first = await search();
    assert.equal(first.matches[0]!.scenario.key, 'small');
    const sidecar = await sidecarOf(cacheDir);
    const written = await stat(sidecar);
    assert.equal(decodeSidecar(await readFile(sidecar))!.header.index, undefined, 'no index');
    assert.deepEqual(await search(), first);
    const after = await stat(sidecar);
    assert.deepEqual([after.ino, after.mtimeMs], [written.ino, written.mtimeMs], 'the sidecar was not written again');
  });

  it('keeps the texts of a package EDSL wrote as they are, and reads them back to the records the package holds', async () => {
    const edsl = path.join(dir, 'edsl-texts.ep');
    // Python's json.dumps(indent=2): its number forms, a non-ASCII text and keys in its own order.
    const texts = [
      '{\n  "key": "pilot.1",\n  "weight": 1.0,\n  "count": 12345678901234567890,\n  "summary": "pilot caf\\u00e9 — résumé"\n}\n',
      '{\n  "summary": "pricing pilot",\n  "key": "pricing.2",\n  "ratio": 1e-07\n}\n',
    ];
    await writeEdslPackage(edsl, [{ records: texts, message: 'Save ScenarioList' }]);
    const cacheDir = path.join(dir, 'cache-texts');
    const read = async (cache?: string) => {
      const records = service(new GitPackageStore(), cache);
      return [(await records.get('pilot.1', { paths: [edsl] })).data, (await records.search({ query: 'pilot', paths: [edsl] })).data];
    };
    const uncached = await read();
    assert.deepEqual(await read(cacheDir), uncached, 'the read that writes the sidecar');
    assert.deepEqual(await read(cacheDir), uncached, 'the read from the sidecar');
    const decoded = decodeSidecar(await readFile(await sidecarOf(cacheDir)))!;
    const { body, header } = decoded;
    const [offset, length] = header.sections.records!;
    assert.equal(
      body()
        .subarray(offset, offset + length)
        .toString('utf8'),
      texts.join(''),
      'the stored texts, byte for byte',
    );
  });

  it('checks the digest when only the identity changed, and reads a replaced package again', async () => {
    const cacheDir = path.join(dir, 'cache-d');
    const store = countingStore();
    const cache = new PackageReadCache(store, cacheDir);
    assert.equal((await cache.load(file)).records.length, 60);
    const later = new Date(Date.now() + 5000);
    await utimes(file, later, later);
    assert.equal(allRecords((await cache.source(file)).source).length, 60);
    assert.equal(store.loads, 1, 'same bytes: the sidecar is restamped, the package not read');
    const other = path.join(dir, 'other.ep');
    await new GitPackageStore().save(other, new ScenarioList([{ key: 'only', summary: 'replaced' }]));
    await writeFile(file, await readFile(other));
    assert.deepEqual((await cache.load(file)).records, [{ key: 'only', summary: 'replaced' }]);
    assert.equal(store.loads, 2);
  });
});
