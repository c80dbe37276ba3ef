import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { getContextRecord, searchContext, upsertContextRecord } from '../../../src/api/context-records.js';
import { defaultCacheDir, PackageReadCache, sidecarPath } from '../../../src/context/active/package-read-cache.js';
import { openSidecar } from '../../../src/context/active/sidecar/sidecar-decode.js';
import { hasSearchColumns } from '../../../src/context/active/sidecar/sidecar-format.js';
import { allRecords } from '../../../src/context/active/record-source.js';
import { writeEdslPackage } from '../../../features/support/storage-edsl-fixtures.js';
import { GitPackageStore } from '../../../src/storage/git-package-store.js';
import { parseJsonPreservingNumbers } from '../../../src/storage/json/record-json-parser.js';

/**
 * Record files as EDSL writes them (Python's `json.dumps(indent=2, sort_keys=True)`), with numbers that keep
 * their form only through EDSL's JSON: floats written `1.0`, integers past 2^53, NaN, -0.0.
 */
const EDSL_FILES = [
  '{\n  "count": 12345678901234567890,\n  "key": "pilot.plan",\n  "summary": "Run the pricing pilot",\n  "weight": 1.0\n}',
  '{\n  "key": "pilot.budget",\n  "nested": {\n    "x": [\n      1.5,\n      -0.0\n    ]\n  },\n' +
    '  "ratio": NaN,\n  "summary": "Cap the pilot budget",\n  "tiny": 1e-07\n}',
];
const NEW_RECORD = parseJsonPreservingNumbers(
  '{"key": "pilot.follow-up", "summary": "Follow the pricing pilot up", "share": 2.50, "big": 98765432109876543210, "flag": true}',
);

let dir: string;
let file: string;
let env: Record<string, string | undefined>;
const store = new GitPackageStore();
const cache = () => new PackageReadCache(store, defaultCacheDir(env));
const options = () => ({ cwd: dir, env });

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ep-write-through-'));
  file = path.join(dir, 'notes.ep');
  env = { ...process.env, EP_HOME: path.join(dir, 'home') };
  // Made the way EDSL makes a package (plain git, another zip writer), not by this store.
  await writeEdslPackage(file, [{ records: EDSL_FILES, message: 'Save ScenarioList' }]);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('a write to a package read through the cache', () => {
  it('caches the new version of a package EDSL wrote, which reads back as the package itself does', async () => {
    await searchContext({ query: 'pilot', paths: [file] }, options());
    assert.equal(await cache().isCurrent(file), true, 'the read cached the package');
    await upsertContextRecord({ record: NEW_RECORD, path: file, message: 'Follow up' }, options());
    assert.equal(await cache().isCurrent(file), true, 'the write cached its new version');
    const written = openSidecar(sidecarPath(defaultCacheDir(env), file))!.header;
    assert.ok(written.index && hasSearchColumns(written), 'with the search columns and index, as the package is searched');
    const cached = await cache().source(file);
    const fromPackage = (await store.load(file)).list.toArray();
    assert.equal(fromPackage.length, 3);
    assert.deepEqual(allRecords(cached.source), fromPackage);
    const hits = await searchContext({ query: 'follow up', paths: [file] }, options());
    assert.equal(hits.data.matches[0]?.scenario.key, 'pilot.follow-up');
  });

  it('keeps no search columns or index in the new version of a package only ever read by key', async () => {
    await getContextRecord('pilot.plan', { paths: [file], ...options() });
    await upsertContextRecord({ record: NEW_RECORD, path: file, message: 'Follow up' }, options());
    assert.equal(await cache().isCurrent(file), true);
    const byKey = openSidecar(sidecarPath(defaultCacheDir(env), file))!.header;
    assert.deepEqual([byKey.index, hasSearchColumns(byKey)], [undefined, false]);
    const hits = await searchContext({ query: 'follow up', paths: [file] }, options());
    assert.equal(hits.data.matches[0]?.scenario.key, 'pilot.follow-up');
    const searched = openSidecar(sidecarPath(defaultCacheDir(env), file))!.header;
    assert.ok(searched.index && hasSearchColumns(searched), 'until a search adds them');
  });

  it('leaves a package no read has cached as it was: the write pays for no cache nobody reads', async () => {
    await upsertContextRecord({ record: NEW_RECORD, path: file, message: 'Follow up' }, options());
    assert.equal(await cache().isCurrent(file), false);
  });
});
