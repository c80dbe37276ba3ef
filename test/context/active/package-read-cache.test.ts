import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { PackageReadCache } from '../../../src/context/active/package-read-cache.js';
import type { JsonObject } from '../../../src/records/json.js';
import { ScenarioList } from '../../../src/records/scenario-list.js';
import { pythonJsonDumps } from '../../../src/storage/json/python-json-writer.js';
import { parseJsonPreservingNumbers } from '../../../src/storage/json/record-json-parser.js';
import type { PackageStore } from '../../../src/storage/package-store-contract.js';

/** A store whose "package" is a JSON file of records; counts loads. */
function countingStore(): PackageStore & { loads: number } {
  const store = {
    loads: 0,
    async load(file: string) {
      store.loads += 1;
      const { readFile } = await import('node:fs/promises');
      const records = parseJsonPreservingNumbers(await readFile(file, 'utf8')) as JsonObject[];
      return { path: file, ref: 'HEAD', commit: 'c', list: new ScenarioList(records), scenarioIds: [], warnings: [] };
    },
  };
  return store as never;
}

describe('PackageReadCache', () => {
  let dir = '';
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ep-cache-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('serves unchanged packages from the cache and reloads changed ones', async () => {
    const file = path.join(dir, 'a.ep');
    const store = countingStore();
    const cache = new PackageReadCache(store, path.join(dir, 'cache'));
    await writeFile(file, JSON.stringify([{ key: 'one' }]));
    assert.deepEqual((await cache.load(file)).records, [{ key: 'one' }]);
    assert.deepEqual((await cache.load(file)).records, [{ key: 'one' }]);
    assert.equal(store.loads, 1);
    await writeFile(file, JSON.stringify([{ key: 'two' }]));
    assert.deepEqual((await cache.load(file)).records, [{ key: 'two' }]);
    assert.equal(store.loads, 2);
  });

  it('ignores a damaged cache entry', async () => {
    const file = path.join(dir, 'b.ep');
    const store = countingStore();
    const cacheDir = path.join(dir, 'cache-b');
    const cache = new PackageReadCache(store, cacheDir);
    await writeFile(file, JSON.stringify([{ key: 'b' }]));
    await cache.load(file);
    const [entry] = await readdir(cacheDir);
    await writeFile(path.join(cacheDir, entry!), '{"version": 2, "records": [1]}');
    assert.deepEqual((await cache.load(file)).records, [{ key: 'b' }]);
    assert.equal(store.loads, 2);
  });

  it('keeps Python number forms in its entries', async () => {
    const file = path.join(dir, 'numbers.ep');
    const store = countingStore();
    const cache = new PackageReadCache(store, path.join(dir, 'cache-numbers'));
    const record = '{"big": 9007199254740993, "key": "n", "list": [1.0, -0.0, NaN], "one": 1.0, "ten": 1e+16}';
    await writeFile(file, `[${record}]`);
    await cache.load(file);
    const [cached] = (await cache.load(file)).records;
    assert.equal(store.loads, 1);
    assert.equal(pythonJsonDumps(cached!), pythonJsonDumps(parseJsonPreservingNumbers(record)));
  });

  it('leaves errors to the store when the file cannot be read', async () => {
    const cache = new PackageReadCache(
      {
        load: async () => {
          throw Object.assign(new Error('No package'), { code: 'FILE_NOT_FOUND' });
        },
      } as never,
      path.join(dir, 'c'),
    );
    await assert.rejects(cache.load(path.join(dir, 'missing.ep')), { code: 'FILE_NOT_FOUND' });
  });
});
