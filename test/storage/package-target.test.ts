import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { packageTarget } from '../../src/storage/package/package-target.js';

let dir = '';
before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ep-target-test-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('packageTarget', () => {
  it('returns a path that is no link as given', async () => {
    await writeFile(path.join(dir, 'plain.ep'), 'x');
    assert.equal(await packageTarget(path.join(dir, 'plain.ep')), path.join(dir, 'plain.ep'));
    assert.equal(await packageTarget(path.join(dir, 'missing.ep')), path.join(dir, 'missing.ep'));
  });

  it('follows a chain of links to the file they end at', async () => {
    await mkdir(path.join(dir, 'shared'));
    await writeFile(path.join(dir, 'shared', 'team.ep'), 'x');
    await symlink('shared/team.ep', path.join(dir, 'first.ep'));
    await symlink(path.join(dir, 'first.ep'), path.join(dir, 'second.ep'));
    assert.equal(await packageTarget(path.join(dir, 'second.ep')), path.join(dir, 'shared', 'team.ep'));
  });

  it("reads a relative target from the link's real directory, as the kernel does", async () => {
    await mkdir(path.join(dir, 'real', 'inner'), { recursive: true });
    await writeFile(path.join(dir, 'real', 'pkg.ep'), 'x');
    await symlink(path.join(dir, 'real', 'inner'), path.join(dir, 'alias'));
    await symlink('../pkg.ep', path.join(dir, 'real', 'inner', 'link.ep'));
    // Lexically alias/../pkg.ep would be <dir>/pkg.ep; the kernel goes up from real/inner.
    assert.equal(await packageTarget(path.join(dir, 'alias', 'link.ep')), path.join(dir, 'real', 'pkg.ep'));
  });

  it('names the missing file a dangling link points at, so the package is created there', async () => {
    await symlink('shared/new.ep', path.join(dir, 'dangling.ep'));
    assert.equal(await packageTarget(path.join(dir, 'dangling.ep')), path.join(dir, 'shared', 'new.ep'));
  });

  it('refuses a loop of links', async () => {
    await symlink('loop-b.ep', path.join(dir, 'loop-a.ep'));
    await symlink('loop-a.ep', path.join(dir, 'loop-b.ep'));
    await assert.rejects(packageTarget(path.join(dir, 'loop-a.ep')), (error: { code: string }) => error.code === 'INVALID_PACKAGE');
  });
});
