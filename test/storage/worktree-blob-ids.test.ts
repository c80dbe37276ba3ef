import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ScenarioList } from '../../src/records/scenario-list.js';
import { blobId } from '../../src/storage/git/git-objects.js';
import { GitPackageStore } from '../../src/storage/git-package-store.js';
import { OpenPackage } from '../../src/storage/package/open-package.js';

describe("an opened package's working-tree blob ids", () => {
  let dir = '';
  let file = '';
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ep-worktree-ids-'));
    file = path.join(dir, 'p.ep');
    const records = Array.from({ length: 30 }, (_, i) => ({ key: `k.${i}`, summary: 'word '.repeat(i) }));
    await new GitPackageStore().save(file, new ScenarioList(records));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  /** What the ids must be: each file outside `.git/`, in directory order, hashed on its own. */
  const expected = (opened: OpenPackage) =>
    new Map(opened.directory.names.filter((name) => !name.startsWith('.git/')).map((name) => [name, blobId(opened.content(name)!)]));

  it('answers as a map of every working-tree file to its blob id does', async () => {
    const opened = await OpenPackage.open(file);
    try {
      const ids = opened.worktree();
      const map = expected(opened);
      assert.equal(ids.size, map.size);
      assert.deepEqual([...ids.keys()], [...map.keys()]);
      assert.deepEqual([...ids.values()], [...map.values()]);
      assert.deepEqual([...ids], [...map]);
      assert.deepEqual([...ids.entries()], [...map.entries()]);
      const seen: [string, string][] = [];
      ids.forEach((id, name, self) => {
        assert.equal(self, ids);
        seen.push([name, id]);
      });
      assert.deepEqual(seen, [...map]);
      for (const name of map.keys()) assert.equal(ids.get(name), map.get(name), name);
      for (const name of ['.git/HEAD', 'scenarios/999999.json', 'manifest', '']) {
        assert.equal(ids.get(name), undefined, name);
        assert.equal(ids.has(name), false, name);
      }
      assert.equal(ids.has('manifest.json'), true);
      assert.ok(opened.worktreeMatches('HEAD'));
    } finally {
      await opened.close();
    }
  });

  it('gives the same ids, and still proves HEAD, when some files were read before the rest', async () => {
    const opened = await OpenPackage.open(file);
    try {
      opened.content('manifest.json');
      opened.content('scenarios/000007.json');
      assert.deepEqual([...opened.worktree()], [...expected(opened)]);
      assert.ok(opened.worktreeMatches('HEAD'));
    } finally {
      await opened.close();
    }
  });
});
