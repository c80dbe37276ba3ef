import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { ScenarioList } from '../../src/records/scenario-list.js';
import { GitPackageStore } from '../../src/storage/git-package-store.js';
import { StoredTexts } from '../../src/storage/package/stored-texts.js';

describe('stored texts', () => {
  const ids = ['000003', '000001', '000002'];
  const texts = ['{"key": "c"}', '{"key": "a", "note": "café"}', '{"key": "b"}'];
  // Views into one buffer, as a read's record files are.
  const slab = Buffer.from(texts.join(''));
  let at = 0;
  const bytes = texts.map((text) => {
    const length = Buffer.byteLength(text);
    const view = slab.subarray(at, at + length);
    at += length;
    return view;
  });

  it('answers as the map of each id to its decoded text would, in the stored order', () => {
    const stored = new StoredTexts(ids, bytes);
    const expected = new Map(ids.map((id, i) => [id, texts[i]!]));
    assert.equal(stored.size, 3);
    assert.deepEqual([...stored], [...expected]);
    assert.deepEqual([...stored.keys()], ids);
    assert.deepEqual([...stored.values()], texts);
    assert.equal(stored.get('000001'), '{"key": "a", "note": "café"}');
    assert.equal(stored.get('000009'), undefined);
    assert.equal(stored.has('000002'), true);
    assert.equal(stored.has('000009'), false);
    const seen: string[] = [];
    stored.forEach((text, id, map) => {
      assert.equal(map, stored);
      seen.push(`${id}=${text}`);
    });
    assert.deepEqual(
      seen,
      ids.map((id, i) => `${id}=${texts[i]}`),
    );
  });

  it('let a write keep the ids of the records it does not change, as EDSL numbers them', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ep-stored-texts-'));
    try {
      const file = path.join(dir, 'p.ep');
      const store = new GitPackageStore();
      await store.save(file, new ScenarioList([{ key: 'a' }, { key: 'b' }, { key: 'c' }]));
      await store.update(file, (latest) => latest.upsert('key', { key: 'a', note: 'edited' }));
      const manifest = JSON.parse(new TextDecoder().decode(unzipSync(new Uint8Array(await readFile(file)))['manifest.json'])) as {
        scenario_order: string[];
      };
      assert.deepEqual(manifest.scenario_order, ['000004', '000002', '000003']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
