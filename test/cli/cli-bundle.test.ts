import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const bundleDir = path.join(root, 'dist/cli');

/** Runs `main(args)` from one build of the CLI in a fresh process; its stdout and exit code. */
function runEntry(entry: string, args: string[]): { stdout: string; status: number | null } {
  const script = `const { main } = await import(${JSON.stringify(pathToFileURL(entry).href)}); await main(${JSON.stringify(args)});`;
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, env, encoding: 'utf8' });
  return { stdout: result.stdout, status: result.status };
}

/** The text of every module of the bundle. */
function bundleTexts(): string[] {
  return readdirSync(bundleDir)
    .filter((name) => name.endsWith('.js'))
    .map((name) => readFileSync(path.join(bundleDir, name), 'utf8'));
}

describe('the bundled CLI (dist/cli)', () => {
  it('resolves every URL its modules take relative to their own file to a file the build made', () => {
    const urls = readdirSync(bundleDir)
      .filter((name) => name.endsWith('.js'))
      .flatMap((name) => {
        const text = readFileSync(path.join(bundleDir, name), 'utf8');
        return [...text.matchAll(/new URL\("([^"]+)", new URL\("([^"]+)", import\.meta\.url\)\.href\)/g)].map(([, target, own]) =>
          fileURLToPath(new URL(target!, new URL(own!, pathToFileURL(path.join(bundleDir, name))))),
        );
      });
    assert.ok(urls.length > 0, 'the inflate worker is loaded by URL');
    for (const file of urls) assert.ok(existsSync(file), `${file} exists`);
    for (const text of bundleTexts()) {
      // The banner's `require` and `__dirname` are the bundle's own, for the inlined CommonJS packages.
      const banner = text.slice(0, text.indexOf('\n'));
      assert.match(banner, /^import \{ createRequire as __epCreateRequire \}/);
      const bare = text.slice(banner.length).replaceAll(/new URL\("[^"]+", import\.meta\.url\)\.href/g, '');
      assert.doesNotMatch(bare, /import\.meta\.url/, 'no module reads the bundle file as its own URL');
    }
  });

  it('holds the packages every command loads, and yargs finds its message catalogues next to it', () => {
    const externals = bundleTexts().flatMap((text) => [...text.matchAll(/(?:require|__require)\("([^".][^"]*)"\)|from "([^".][^"]*)"/g)]);
    const named = new Set(externals.map((match) => (match[1] ?? match[2])!.split('/')[0]));
    for (const inlined of ['yargs', 'semver', 'tsyringe', 'reflect-metadata'])
      assert.ok(!named.has(inlined), `${inlined} is in the bundle`);
    assert.ok(existsSync(path.join(bundleDir, 'yargs/locales/de.json')));
    const german = spawnSync(process.execPath, [path.join(root, 'bin/ep.js'), 'sesion'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, LANG: 'de_DE.UTF-8' },
    });
    assert.match(JSON.parse(german.stdout).error.message, /Meintest du session\?/);
  });

  it('answers as the compiled modules do', () => {
    for (const args of [
      ['plugins', 'list'],
      ['tools', 'list'],
      ['context', 'search', '--query', 'x', '--path', 'missing.ep'],
    ]) {
      const bundled = runEntry(path.join(bundleDir, 'main.js'), args);
      const compiled = runEntry(path.join(root, 'dist/src/cli/main.js'), args);
      assert.equal(bundled.status, compiled.status, args.join(' '));
      assert.deepEqual(JSON.parse(bundled.stdout), JSON.parse(compiled.stdout), args.join(' '));
    }
  });
});
