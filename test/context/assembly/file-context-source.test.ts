import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { contextFileSources } from '../../../src/context/assembly/file-context-source.js';

describe('contextFileSources', () => {
  let dir = '';
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ep-ctx-'));
    await writeFile(path.join(dir, 'a.jsonl'), '{"key": "a"}\n\n{"key": "b"}\n');
    await writeFile(path.join(dir, 'b.json'), '[{"key": "c"}]');
    await writeFile(path.join(dir, 'bad.jsonl'), '{"key": ');
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('reads JSON Lines and JSON arrays, warm by default', async () => {
    const [lines, array] = contextFileSources([{ path: 'a.jsonl' }, { path: 'b.json', tier: 'cold', maxDepth: 1 }], dir);
    assert.deepEqual(await lines!.load(), [{ key: 'a' }, { key: 'b' }]);
    assert.equal(lines!.tier, 'warm');
    assert.deepEqual([array!.tier, array!.maxDepth, array!.id], ['cold', 1, 'file:b.json']);
    assert.deepEqual(await array!.load(), [{ key: 'c' }]);
  });

  it('reports missing files, bad JSON and bad specs with their own codes', async () => {
    await assert.rejects(async () => contextFileSources([{ path: 'none.jsonl' }], dir)[0]!.load(), { code: 'FILE_NOT_FOUND' });
    await assert.rejects(async () => contextFileSources([{ path: 'bad.jsonl' }], dir)[0]!.load(), { code: 'INVALID_JSON' });
    assert.throws(() => contextFileSources([{ path: 'a.jsonl', tier: 'lukewarm' as never }], dir), {
      code: 'CONTEXT_SOURCE_INVALID',
      message: /files\[0\]/,
    });
    assert.throws(() => contextFileSources([{ path: 'a.jsonl', maxDepth: -1 }], dir), { code: 'CONTEXT_SOURCE_INVALID' });
  });
});
