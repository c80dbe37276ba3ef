import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, test } from 'node:test';
import { clearContext, readContextPointer, useContext } from '../../../src/context/active/context-pointer.js';
import { withPathScope, type PathScope } from '../../../src/context/active/path-scope.js';
import { resolveReadPaths, resolveWritePath } from '../../../src/context/active/resolve-context-paths.js';
import { EpError, isEpError } from '../../../src/kernel/errors.js';
import { Limits } from '../../../src/limits/limits.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ep-pointer-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const writePointer = async (data: unknown) => {
  await mkdir(path.join(dir, '.edsl'), { recursive: true });
  await writeFile(path.join(dir, '.edsl', 'context.json'), JSON.stringify(data));
};
const codeOf = async (work: () => Promise<unknown>) =>
  work().then(
    () => undefined,
    (error) => (isEpError(error) ? error.code : String(error)),
  );

test('a package listed many times, in any spelling, is read once, where it first appears', async () => {
  await writePointer({ active_context_paths: [...Array(20_000).fill('a.ep'), './b.ep', './a.ep', 'b.ep', `${dir}/a.ep`] });
  assert.deepEqual((await readContextPointer(dir))!.active_context_paths, ['a.ep', './b.ep']);
  assert.deepEqual(await resolveReadPaths(dir), [path.join(dir, 'a.ep'), path.join(dir, 'b.ep')]);
  assert.deepEqual(await resolveReadPaths(dir, Array(20_000).fill('c.ep')), [path.join(dir, 'c.ep')]);
});

test('more active contexts than the limit are refused before any is opened, and never added', async () => {
  const many = Array.from({ length: Limits.activeContexts + 1 }, (_, i) => `p${i}.ep`);
  assert.equal(await codeOf(() => resolveReadPaths(dir, many)), 'LIMIT_EXCEEDED');
  await writePointer({ active_context_paths: many });
  assert.equal(await codeOf(() => resolveReadPaths(dir)), 'LIMIT_EXCEEDED');
  await writePointer({ active_context_paths: many.slice(0, Limits.activeContexts) });
  const before = await readFile(path.join(dir, '.edsl', 'context.json'), 'utf8');
  assert.equal(await codeOf(() => useContext(dir, 'one-more.ep', { append: true })), 'LIMIT_EXCEEDED');
  assert.equal(await readFile(path.join(dir, '.edsl', 'context.json'), 'utf8'), before);
});

test('a device or FIFO is refused as a package when it is made active', async () => {
  assert.equal(await codeOf(() => useContext(dir, '/dev/zero')), 'INVALID_PACKAGE');
  assert.equal(await readContextPointer(dir), undefined);
});

test('clear and use --append at once: the paths cleared never come back', async () => {
  for (let round = 0; round < 25; round += 1) {
    await writePointer({ active_context_paths: ['old.ep'], default_write_context_path: 'old.ep' });
    await Promise.all([clearContext(dir), useContext(dir, 'new.ep', { append: true })]);
    const after = await readContextPointer(dir);
    // Clear first: the append makes a pointer of its own; append first: the clear removes both.
    assert.ok(
      after === undefined || (after.active_context_paths.length === 1 && after.active_context_paths[0] === 'new.ep'),
      JSON.stringify(after?.active_context_paths),
    );
  }
});

/** A scope with fixed roots, as the MCP server makes one from the project and the client's roots. */
const scope = (roots: string[]): PathScope => ({
  roots: async () => roots,
  refuse: (shown) => new EpError('PATH_NOT_ALLOWED', `${shown} is outside.`),
});

test('inside a path scope, only the active contexts and packages under a root may be named', async () => {
  const project = path.join(dir, 'project');
  await mkdir(project);
  await symlink('/etc', path.join(project, 'etc-link'));
  const outside = path.join(dir, 'team.ep');
  await useContext(project, outside);
  await withPathScope(scope([project]), async () => {
    assert.deepEqual(await resolveReadPaths(project, ['notes.ep', 'sub/new.ep']), [
      path.join(project, 'notes.ep'),
      path.join(project, 'sub', 'new.ep'),
    ]);
    assert.deepEqual(await resolveReadPaths(project, [outside]), [outside]);
    assert.deepEqual(await resolveReadPaths(project), [outside]);
    for (const named of ['/dev/zero', '../other.ep', 'etc-link/passwd', '/etc/shadow']) {
      assert.equal(await codeOf(() => resolveReadPaths(project, [named])), 'PATH_NOT_ALLOWED', named);
      assert.equal(await codeOf(() => resolveWritePath(project, named)), 'PATH_NOT_ALLOWED', named);
    }
  });
  // Outside any scope (the CLI, the library) every path is the user's own choice.
  assert.deepEqual(await resolveReadPaths(project, ['/dev/zero']), ['/dev/zero']);
});
