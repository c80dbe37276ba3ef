import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { searchContext, upsertContextRecord } from '../../../src/api/context-records.js';
import { defaultCacheDir, PackageReadCache } from '../../../src/context/active/package-read-cache.js';
import { allRecords } from '../../../src/context/active/record-source.js';
import type { JsonObject } from '../../../src/records/json.js';
import { ScenarioList } from '../../../src/records/scenario-list.js';
import { GitPackageStore } from '../../../src/storage/git-package-store.js';
import { parseJsonPreservingNumbers } from '../../../src/storage/json/record-json-parser.js';

/** Records whose numbers only keep their form through EDSL's JSON: floats written `1.0`, integers past 2^53, NaN. */
const RECORDS = parseJsonPreservingNumbers(
  '[{"key": "pilot.plan", "summary": "Run the pricing pilot", "weight": 1.0, "count": 12345678901234567890},' +
    ' {"key": "pilot.budget", "summary": "Cap the pilot budget", "ratio": NaN, "tiny": 1e-7, "nested": {"x": [1.5, -0.0]}}]',
) as JsonObject[];
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
  await store.save(file, new ScenarioList(RECORDS));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('a write to a package read through the cache', () => {
  it('caches the new version, which reads back as the package itself does', async () => {
    await searchContext({ query: 'pilot', paths: [file] }, options());
    assert.equal(await cache().isCurrent(file), true, 'the read cached the package');
    await upsertContextRecord({ record: NEW_RECORD, path: file, message: 'Follow up' }, options());
    assert.equal(await cache().isCurrent(file), true, 'the write cached its new version');
    const cached = await cache().source(file);
    const fromPackage = (await store.load(file)).list.toArray();
    assert.equal(fromPackage.length, 3);
    assert.deepEqual(allRecords(cached.source), fromPackage);
    const hits = await searchContext({ query: 'follow up', paths: [file] }, options());
    assert.equal(hits.data.matches[0]?.scenario.key, 'pilot.follow-up');
  });

  it('leaves a package no read has cached as it was: the write pays for no cache nobody reads', async () => {
    await upsertContextRecord({ record: NEW_RECORD, path: file, message: 'Follow up' }, options());
    assert.equal(await cache().isCurrent(file), false);
  });
});
