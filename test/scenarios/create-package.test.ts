import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createPackage, PROGRESS_THRESHOLD_BYTES } from '../../src/records/create-package.js';
import type { Diagnostics } from '../../src/diagnostics/diagnostics.js';
import type { ScenarioList } from '../../src/records/scenario-list.js';

function recordingServices(cwd: string) {
  const progress: Array<[number, number]> = [];
  const saved: ScenarioList[] = [];
  const diagnostics: Diagnostics = {
    log: () => undefined,
    progress: (_label, done, total) => {
      progress.push([done, total]);
    },
  };
  const store = {
    save: async (_file: string, list: ScenarioList) => {
      saved.push(list);
      return { status: 'ok', commit: 'abc', path: _file, branch: 'main', message: 'm' };
    },
  };
  return { progress, saved, services: { store: store as never, diagnostics, cwd } };
}

describe('createPackage', () => {
  let dir = '';
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ep-create-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('reports progress for a large JSON Lines input, ending at the total', async () => {
    const line = JSON.stringify({ key: 'k', summary: 'x'.repeat(200) });
    const count = Math.ceil(PROGRESS_THRESHOLD_BYTES / line.length) + 10;
    await writeFile(path.join(dir, 'big.jsonl'), Array.from({ length: count }, (_, i) => line.replace('"k"', `"k${i}"`)).join('\n'));
    const { progress, saved, services } = recordingServices(dir);
    const result = await createPackage(services, 'big.jsonl', 'big.ep');
    assert.equal(result.n_scenarios, count);
    assert.equal(saved[0]!.length, count);
    assert.ok(progress.length > 1);
    const [done, total] = progress[progress.length - 1]!;
    assert.equal(done, total);
  });

  it('draws no progress for a small input', async () => {
    await writeFile(path.join(dir, 'small.json'), '[{"key": "a"}]');
    const { progress, services } = recordingServices(dir);
    assert.equal((await createPackage(services, 'small.json', 'small.ep')).n_scenarios, 1);
    assert.deepEqual(progress, []);
  });

  it('refuses an existing output', async () => {
    await writeFile(path.join(dir, 'exists.ep'), 'x');
    const { services } = recordingServices(dir);
    await assert.rejects(createPackage(services, 'small.json', 'exists.ep'), { code: 'FILE_EXISTS' });
  });
});
