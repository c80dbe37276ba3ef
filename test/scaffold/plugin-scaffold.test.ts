import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { isEpError } from '../../src/kernel/errors.js';
import { PLUGIN_KINDS } from '../../src/scaffold/kinds/index.js';
import { SCAFFOLD_DEV_DEPENDENCIES } from '../../src/scaffold/package-files.js';
import { scaffoldPlugin } from '../../src/scaffold/plugin-scaffold.js';
import { EP_VERSION } from '../../src/version.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'ep-scaffold-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** Links this checkout in as the package's ep-runtime (and @types/node), so its build and tests run without an install. */
function linkDependencies(directory: string): void {
  mkdirSync(path.join(directory, 'node_modules'));
  symlinkSync(ROOT, path.join(directory, 'node_modules', 'ep-runtime'));
  symlinkSync(path.join(ROOT, 'node_modules', '@types'), path.join(directory, 'node_modules', '@types'));
}

/** A plain child process: without the test runner's own context variable, the child's tests report as a user would see them. */
function run(directory: string, args: string[]) {
  const { NODE_TEST_CONTEXT: _context, ...env } = process.env;
  return spawnSync(process.execPath, args, { cwd: directory, encoding: 'utf8', env });
}

describe('ep plugins new', () => {
  for (const kind of PLUGIN_KINDS) {
    it(`scaffolds a ${kind.kind} plugin whose own tests pass`, async () => {
      const result = await scaffoldPlugin({ id: `acme/sample-${kind.kind}`, kind: kind.kind, cwd: scratch }, EP_VERSION);
      assert.equal(result.directory, path.join(scratch, `ep-sample-${kind.kind}`));
      assert.equal(result.packageName, `@acme/ep-sample-${kind.kind}`);
      const manifest = JSON.parse(readFileSync(path.join(result.directory, 'package.json'), 'utf8'));
      assert.deepEqual(manifest.peerDependencies, { 'ep-runtime': `^${EP_VERSION}` });
      linkDependencies(result.directory);
      const build = run(result.directory, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json']);
      assert.equal(build.status, 0, build.stdout + build.stderr);
      const test = run(result.directory, ['--test', '--test-reporter=tap', 'dist/test/']);
      assert.equal(test.status, 0, test.stdout + test.stderr);
      assert.match(test.stdout, /# fail 0/);
      assert.doesNotMatch(test.stdout, /# pass 0\n/);
    });
  }

  it('builds and tests with the TypeScript and Node types ep itself uses', () => {
    const own = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).devDependencies;
    for (const [name, range] of Object.entries(SCAFFOLD_DEV_DEPENDENCIES)) assert.equal(range, own[name], name);
  });

  it('refuses a directory that holds anything, and writes nothing', async () => {
    const directory = path.join(scratch, 'taken');
    mkdirSync(directory);
    writeFileSync(path.join(directory, 'notes.txt'), 'mine');
    await assert.rejects(
      scaffoldPlugin({ id: 'acme/taken', directory, cwd: scratch }, EP_VERSION),
      (error: unknown) => isEpError(error) && error.code === 'SCAFFOLD_TARGET_EXISTS',
    );
    assert.deepEqual(readdirSync(directory), ['notes.txt']);
    assert.deepEqual(
      readdirSync(scratch).filter((entry) => entry.endsWith('.tmp')),
      [],
    );
  });

  it('refuses ids, kinds and package names it cannot use, naming the field', async () => {
    const cases: [Parameters<typeof scaffoldPlugin>[0], string][] = [
      [{ id: 'no-namespace' }, 'id'],
      [{ id: 'builtin/mine' }, 'id'],
      [{ id: 'Acme/Upper' }, 'id'],
      [{ id: 'acme/ok', kind: 'database' }, 'kind'],
      [{ id: 'acme/ok', packageName: 'Not Valid' }, 'packageName'],
    ];
    for (const [request, field] of cases) {
      await assert.rejects(
        scaffoldPlugin({ ...request, cwd: scratch }, EP_VERSION),
        (error: unknown) => isEpError(error) && error.code === 'SCAFFOLD_INVALID' && error.details?.field === field,
        JSON.stringify(request),
      );
    }
    assert.equal(existsSync(path.join(scratch, 'ep-ok')), false);
  });
});
