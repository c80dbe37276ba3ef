import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { readFile } from 'node:fs/promises';
import { GitPackageStore } from '../../src/storage/git-package-store.js';
import { ScenarioList } from '../../src/records/scenario-list.js';
import { ScenarioContext } from '../../src/context/package/scenario-context.js';
import { parseJsonPreservingNumbers } from '../../src/storage/json/record-json-parser.js';
import type { Scenario } from '../../src/records/scenario.js';

let dir = '';
before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ep-store-test-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

const store = new GitPackageStore();
const fileText = async (file: string, member: string) => new TextDecoder().decode(unzipSync(new Uint8Array(await readFile(file)))[member]);

describe('GitPackageStore', () => {
  it('keeps integral floats through load and save, and reports unchanged', async () => {
    const file = path.join(dir, 'floats.ep');
    const record = parseJsonPreservingNumbers('{"key": "a", "weight": 1.0, "list": [2.0, 3], "big": 12345678901234567890}') as Scenario;
    assert.equal((await store.save(file, new ScenarioList([record]))).status, 'ok');
    const expected = '{\n  "big": 12345678901234567890,\n  "key": "a",\n  "list": [\n    2.0,\n    3\n  ],\n  "weight": 1.0\n}\n';
    assert.equal(await fileText(file, 'scenarios/000001.json'), expected);
    const loaded = await store.load(file);
    assert.equal((await store.save(file, loaded.list)).status, 'unchanged');
  });

  it('keeps float forms of unchanged values when a context record is upserted from a copy', async () => {
    const file = path.join(dir, 'context.ep');
    await store.save(file, new ScenarioList([parseJsonPreservingNumbers('{"key": "a", "weight": 1.0, "summary": "old"}') as Scenario]));
    await ScenarioContext.update(
      file,
      (ctx) => {
        ctx.upsert({ ...ctx.get('a')!, summary: 'new', updated_at: '2026-01-01T00:00:00Z' });
      },
      { store },
    );
    assert.match(await fileText(file, 'scenarios/000002.json'), /"weight": 1\.0\n/);
  });

  it('loads the ref a name resolves to in git, tags before branches', async () => {
    const file = path.join(dir, 'refs.ep');
    await store.save(file, new ScenarioList([{ key: 'a' }]), { message: 'one' });
    await store.save(file, new ScenarioList([{ key: 'a' }, { key: 'b' }]), { message: 'two' });
    const log = await store.log(file);
    assert.deepEqual(
      log.map((entry) => entry.message),
      ['two', 'one'],
    );
    assert.equal((await store.load(file, { ref: log[1]!.commit })).list.length, 1);
    assert.equal((await store.load(file, { ref: 'main' })).list.length, 2);
  });

  it('names the missing directory when saving', async () => {
    await assert.rejects(
      store.save(path.join(dir, 'no/such/dir/x.ep'), new ScenarioList()),
      (error: { code: string }) => error.code === 'FILE_NOT_FOUND',
    );
  });
});

describe('codebook.json', () => {
  it('round-trips the codebook and removes the file when it is dropped', async () => {
    const file = path.join(dir, 'codebook.ep');
    await store.save(file, new ScenarioList([{ key: 'a', summary: 'x' }], { summary: 'One-line summary', key: 'Stable key' }));
    assert.equal(await fileText(file, 'codebook.json'), '{\n  "key": "Stable key",\n  "summary": "One-line summary"\n}\n');
    assert.deepEqual((await store.load(file)).list.codebook, { key: 'Stable key', summary: 'One-line summary' });
    await store.save(file, new ScenarioList([{ key: 'a', summary: 'x' }]));
    assert.equal(unzipSync(new Uint8Array(await readFile(file)))['codebook.json'], undefined);
  });
});

describe('round trips (property)', () => {
  it('loads back exactly the records it saved, and a second save is unchanged', async () => {
    const fc = (await import('fast-check')).default;
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.constant(null),
        fc.boolean(),
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.string({ unit: 'binary' }),
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(fc.string({ unit: 'binary' }), tie('value'), { maxKeys: 3 }),
      ),
    })).value;
    const record = fc.dictionary(fc.string({ unit: 'binary', minLength: 1 }), json, { maxKeys: 4 });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(record, { maxLength: 6 }), async (records) => {
        const file = path.join(dir, `property-${run++}.ep`);
        await store.save(file, new ScenarioList(records as Scenario[]));
        const loaded = await store.load(file);
        assert.deepEqual(
          loaded.list.toArray(),
          records.map((r) => JSON.parse(JSON.stringify(r, (_k, v) => (Object.is(v, -0) ? 0 : v)))),
        );
        assert.equal((await store.save(file, loaded.list)).status, 'unchanged');
      }),
      { numRuns: 8 },
    );
  });
});
