import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { CodeRoot } from '../../../src/context/code/code-root.js';
import { ListingCache } from '../../../src/context/code/listing-cache.js';
import { listSourceFiles } from '../../../src/context/code/source-files.js';
import { startSourceListing } from '../../../src/context/code/source-tree.js';

let dir: string;
let cacheDir: string;

/** Every directory and file of the tree a minute old: past the window in which a listing is not trusted. */
function age(at: string = dir): void {
  const aMinuteAgo = new Date(Date.now() - 60_000);
  for (const entry of readdirSync(at, { withFileTypes: true })) {
    const child = path.join(at, entry.name);
    if (entry.isDirectory()) age(child);
    else utimesSync(child, aMinuteAgo, aMinuteAgo);
  }
  utimesSync(at, aMinuteAgo, aMinuteAgo);
}

/**
 * The paths named, and no others, as if changed a minute ago: past the window in which a change makes the
 * next listing be made again anyway, so only a listing that tracked them notices the change.
 */
function settle(...relative: string[]): void {
  const aMinuteAgo = new Date(Date.now() - 59_000);
  for (const file of relative) utimesSync(path.join(dir, file), aMinuteAgo, aMinuteAgo);
}

function write(file: string, text = 'x = 1\n'): void {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
}

const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', ...args], { cwd: dir, stdio: 'pipe' });

/** A listing with the cache, what it served and whether it came from the kept listing. */
async function list(root: CodeRoot) {
  const listing = startSourceListing(root, { exclude: [cacheDir] }, new ListingCache(path.join(cacheDir, 'tree')));
  const paths = await listing.paths;
  assert.deepEqual(paths, await listSourceFiles(root, { exclude: [cacheDir] }), 'the same paths as a listing without the cache');
  return { paths, kept: listing.kept };
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'ep-listing-'));
  // Inside the tree, as an EP_HOME under a project is: made first, since making it changes the root directory.
  cacheDir = path.join(dir, '.ep-home');
  mkdirSync(cacheDir);
  write('pkg/auth.py');
  write('pkg/views.py');
  write('web/store.ts', 'export const a = 1;\n');
  mkdirSync(path.join(dir, 'empty'));
  write('.gitignore', 'build/\n');
  write('build/out.py');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

for (const kind of ['a plain directory', 'a git work tree'] as const) {
  describe(`the kept listing of ${kind}`, () => {
    let root: CodeRoot;
    beforeEach(() => {
      if (kind === 'a git work tree') {
        git('init', '-q');
        git('add', 'pkg', 'web', '.gitignore');
        git('commit', '-qm', 'start');
      }
      root = kind === 'a git work tree' ? { dir, gitDir: path.join(dir, '.git') } : { dir };
      age();
    });

    it('is taken as it is while nothing in the tree moved, and made again when a file appears', async () => {
      const first = await list(root);
      assert.deepEqual(first, { paths: ['pkg/auth.py', 'pkg/views.py', 'web/store.ts'], kept: false });
      assert.deepEqual(await list(root), { ...first, kept: true });
      write('pkg/billing.py');
      settle('pkg/billing.py', 'pkg');
      assert.deepEqual(await list(root), { paths: ['pkg/auth.py', 'pkg/billing.py', 'pkg/views.py', 'web/store.ts'], kept: false });
    });

    it('sees a file added to a directory that held none', async () => {
      await list(root);
      assert.equal((await list(root)).kept, true);
      write('empty/new.py');
      settle('empty/new.py', 'empty');
      assert.deepEqual(await list(root), { paths: ['empty/new.py', 'pkg/auth.py', 'pkg/views.py', 'web/store.ts'], kept: false });
    });

    it('sees a file removed', async () => {
      await list(root);
      assert.equal((await list(root)).kept, true);
      rmSync(path.join(dir, 'web/store.ts'));
      settle('web');
      const { paths, kept } = await list(root);
      assert.equal(kept, false);
      // Git lists a tracked file until the index forgets it; the tree's reader skips it as gone.
      assert.deepEqual(paths, ['pkg/auth.py', 'pkg/views.py', ...(kind === 'a git work tree' ? ['web/store.ts'] : [])]);
    });

    it('sees an edited .gitignore', async () => {
      await list(root);
      assert.equal((await list(root)).kept, true);
      write('.gitignore', 'build/\nviews.py\n');
      settle('.gitignore');
      const { paths, kept } = await list(root);
      assert.equal(kept, false);
      // Git keeps listing a tracked file its ignore rules name.
      assert.deepEqual(paths, ['pkg/auth.py', ...(kind === 'a git work tree' ? ['pkg/views.py'] : []), 'web/store.ts']);
    });

    it('is not trusted while the tree has just changed (coarse timestamps)', async () => {
      write('pkg/fresh.py');
      assert.equal((await list(root)).kept, false);
      assert.equal((await list(root)).kept, false, 'a directory changed within two seconds of the listing');
      age();
      assert.equal((await list(root)).kept, false, 'listed again once the tree is quiet');
      assert.equal((await list(root)).kept, true);
    });
  });
}

describe('the kept listing of a git work tree', () => {
  it('sees a change to the index: a file added from an ignored directory', async () => {
    git('init', '-q');
    const root = { dir, gitDir: path.join(dir, '.git') };
    age();
    await list(root);
    assert.equal((await list(root)).kept, true);
    const before = statSync(path.join(dir, 'build')).mtimeMs;
    git('add', '-f', 'build/out.py');
    settle('.git/index');
    assert.equal(statSync(path.join(dir, 'build')).mtimeMs, before, 'no directory of the tree changed');
    assert.ok((await list(root)).paths.includes('build/out.py'));
  });

  it('is never kept when the repository names an ignore file of its own', async () => {
    git('init', '-q');
    git('config', 'core.excludesFile', path.join(dir, 'elsewhere'));
    const root = { dir, gitDir: path.join(dir, '.git') };
    age();
    await list(root);
    assert.equal((await list(root)).kept, false);
  });
});

describe('a planted listing', () => {
  it('is not trusted when it lists a path outside the tree', async () => {
    age();
    const cache = new ListingCache(path.join(cacheDir, 'tree'));
    await cache.write({ root: dir, exclude: ['.ep-home'], checkedAt: Date.now(), dependsOn: [], paths: ['../../etc/passwd'] });
    assert.equal(cache.read(), undefined);
    await cache.write({ root: dir, exclude: ['.ep-home'], checkedAt: Date.now(), dependsOn: [], paths: ['pkg/auth.py'] });
    assert.deepEqual(cache.read()?.paths, ['pkg/auth.py'], 'the same listing with a path inside the tree is read');
  });

  it('is not read, nor waited on, when a FIFO stands where the file was', async () => {
    const cache = new ListingCache(path.join(cacheDir, 'tree'));
    execFileSync('mkfifo', [cache.file]);
    assert.equal(cache.read(), undefined);
    const root = { dir };
    age();
    assert.deepEqual((await list(root)).paths, ['pkg/auth.py', 'pkg/views.py', 'web/store.ts']);
  });
});
