import assert from 'node:assert/strict';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { isEpError } from '../../src/kernel/errors.js';
import { jsonTextDeeperThan, jsonTextDepth, Limits } from '../../src/limits/limits.js';
import { ScenarioList } from '../../src/records/scenario-list.js';
import { GitPackageStore } from '../../src/storage/git-package-store.js';
import { pythonJsonDumps } from '../../src/storage/json/python-json-writer.js';
import { parseJsonMarkingNumbers } from '../../src/storage/json/record-json-parser.js';
import { readZip } from '../../src/storage/zip/zip-reader.js';
import { largeRecordBlob } from '../../stress/bad-input/bomb-packages.js';
import { buildZip } from '../../stress/bad-input/zip-builder.js';
import { inTempDir, peakMib, writePackage } from './bomb-fixtures.js';

const store = new GitPackageStore();
const limit = (code: string, max?: number) => (error: unknown) =>
  isEpError(error) && error.code === code && (max === undefined || error.details?.max === max);
const nested = (depth: number) => `${'['.repeat(depth - 1)}{"a": 1.0}${']'.repeat(depth - 1)}`;

describe('nesting depth of package JSON', () => {
  it('tells text nested past a depth from text within it, as the full scan does', () => {
    const fragment = fc.oneof(fc.constantFrom('[', ']', '{', '}', '"[', '"{', '\\"', ' ', '1', ','), fc.string({ maxLength: 3 }));
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 200 }), fc.integer({ min: 0, max: 8 }), (parts, max) => {
        const text = parts.join('');
        assert.equal(jsonTextDeeperThan(text, max), jsonTextDepth(text) > max);
      }),
    );
  });

  it('stops the marking parser and the writer at the limit, never the stack', () => {
    assert.equal(JSON.stringify(parseJsonMarkingNumbers(nested(Limits.nestingDepth))).length > 0, true);
    for (const depth of [Limits.nestingDepth + 1, 100_000]) {
      assert.throws(() => parseJsonMarkingNumbers(nested(depth)), limit('LIMIT_EXCEEDED', Limits.nestingDepth));
    }
    let value: unknown = 1;
    for (let i = 0; i < Limits.nestingDepth; i += 1) value = [value];
    assert.ok(pythonJsonDumps(value as never).length > 0);
    for (let i = Limits.nestingDepth; i < 100_000; i += 1) value = [value];
    assert.throws(() => pythonJsonDumps(value as never), limit('LIMIT_EXCEEDED', Limits.nestingDepth));
  });
});

describe('size of package JSON files', () => {
  it('refuses a record member declaring more than the limit before inflating it', async () => {
    await inTempDir(async (dir) => {
      const big = Buffer.alloc(Limits.packageJsonFileBytes + 1, ' ');
      const file = await writePackage(dir, 'wide.ep', {
        members: (members) => members.map((m) => (m.name === 'scenarios/000001.json' ? { ...m, data: big } : m)),
      });
      await assert.rejects(store.load(file), limit('LIMIT_EXCEEDED', Limits.packageJsonFileBytes));
    });
  });

  it("refuses HEAD's record file read through git as soon as git announces its size", async () => {
    await inTempDir(async (dir) => {
      const file = await writePackage(dir, 'blob.ep', { edit: largeRecordBlob(64 * 1024 * 1024) });
      const started = Date.now();
      const before = peakMib();
      await assert.rejects(
        store.load(file),
        (error) =>
          limit('LIMIT_EXCEEDED', Limits.packageJsonFileBytes)(error) &&
          (error as { details: { file: string } }).details.file === 'scenarios/000001.json',
      );
      assert.ok(Date.now() - started < 10_000, `took ${Date.now() - started} ms`);
      assert.ok(peakMib() - before < 64, `peak grew by ${(peakMib() - before).toFixed(0)} MiB`);
    });
  });

  it('reads a record file within the limit through git', async () => {
    await inTempDir(async (dir) => {
      const file = await writePackage(dir, 'blob.ep', { edit: largeRecordBlob(15 * 1024 * 1024) });
      const loaded = await store.load(file);
      assert.equal(String(loaded.list.at(0)!.summary).length, 15 * 1024 * 1024);
    });
  });

  it('never writes a file it could not read back', async () => {
    await inTempDir(async (dir) => {
      const file = path.join(dir, 'big.ep');
      await store.save(file, new ScenarioList([{ key: 'a' }]));
      const before = await stat(file);
      const huge = { key: 'b', summary: 'x'.repeat(Limits.packageJsonFileBytes) };
      await assert.rejects(store.save(file, new ScenarioList([{ key: 'a' }, huge])), limit('LIMIT_EXCEEDED', Limits.packageJsonFileBytes));
      assert.equal((await stat(file)).mtimeMs, before.mtimeMs);
    });
  });
});

describe('zip local headers', () => {
  it("refuses a member whose local header names another file, as Python's zipfile does", () => {
    const members = [
      { name: 'a.json', data: Buffer.from('{}') },
      { name: 'b.json', data: Buffer.from('{}'), localName: 'c.json' },
    ];
    assert.throws(
      () => readZip(buildZip(members), 'x.ep'),
      (error) => limit('INVALID_PACKAGE')(error) && /"b\.json" has another name in its local header/.test((error as Error).message),
    );
    assert.throws(() => readZip(buildZip([{ ...members[1]!, localName: 'b.jsonx' }]), 'x.ep'), limit('INVALID_PACKAGE'));
    assert.equal(readZip(buildZip(members.slice(0, 1)), 'x.ep').length, 1);
  });
});
