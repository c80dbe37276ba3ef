import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { isAscii } from 'node:buffer';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const bundleDir = path.join(root, 'dist/cli');
const bundle = path.join(bundleDir, 'ep.cjs');
const loader = path.join(root, 'bin/load-bundle.cjs');

const childEnv = () => {
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  return env;
};

const { codeCacheGroupOf } = createRequire(import.meta.url)(path.join(root, 'bin/code-cache-groups.cjs')) as {
  codeCacheGroupOf: (args: string[]) => string | undefined;
};

/** Runs `main(args)` of the bundle in a fresh process, as bin/ep.cjs does: through the loader, with its group's code cache. */
function runBundle(file: string, args: string[], cwd = root, env = childEnv()): { stdout: string; stderr: string; status: number | null } {
  const options = JSON.stringify({ group: codeCacheGroupOf(args) });
  const script = `require(${JSON.stringify(loader)}).loadBundle(${JSON.stringify(file)}, ${options}).main(${JSON.stringify(args)});`;
  const result = spawnSync(process.execPath, ['-e', script], { cwd, env, encoding: 'utf8' });
  return { stdout: result.stdout, stderr: `${result.stderr}${result.signal ?? ''}${result.error?.message ?? ''}`, status: result.status };
}

/** Runs `main(args)` of the compiled modules in a fresh process. */
function runModules(args: string[], env = childEnv()): { stdout: string; status: number | null } {
  const entry = pathToFileURL(path.join(root, 'dist/src/cli/main.js')).href;
  const script = `const { main } = await import(${JSON.stringify(entry)}); await main(${JSON.stringify(args)});`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, env, encoding: 'utf8' });
  return { stdout: result.stdout, status: result.status };
}

const COMMANDS = [
  ['plugins', 'list'],
  ['tools', 'list'],
  ['context', 'search', '--query', 'x', '--path', 'missing.ep'],
  ['code', 'map', '--token-budget', 'x'],
];
const GROUPS = ['help', 'start', 'records', 'reads', 'code'];

describe('the bundled CLI (dist/cli)', () => {
  it('resolves every URL its modules take relative to their own file to a file the build made', () => {
    const text = readFileSync(bundle, 'utf8');
    const urls = [...text.matchAll(/new URL\("([^"]+)",new URL\("([^"]+)",__epBundleUrl\)\.href\)/g)].map(([, target, own]) =>
      fileURLToPath(new URL(target!, new URL(own!, pathToFileURL(bundle)))),
    );
    assert.ok(urls.length > 0, 'the inflate worker is loaded by URL');
    for (const file of urls) assert.ok(existsSync(file), `${file} exists`);
    assert.doesNotMatch(text, /import\.meta/, 'no module reads a URL of its own the bundle does not have');
    assert.doesNotMatch(text, /\bimport\s*\(/, 'every dynamic import goes through the loader');
    assert.ok(isAscii(readFileSync(bundle)), 'the bundle is ASCII, so the loader decodes it as a one-byte string');
  });

  it('holds the packages every command loads, and yargs finds its message catalogues next to it', () => {
    const text = readFileSync(bundle, 'utf8');
    const externals = [...text.matchAll(/(?:require|__epImport)\("([^".][^"]*)"\)/g)];
    const named = new Set(externals.map((match) => match[1]!.split('/')[0]));
    for (const inlined of ['yargs', 'semver', 'tsyringe', 'reflect-metadata'])
      assert.ok(!named.has(inlined), `${inlined} is in the bundle`);
    assert.ok(named.has('execa'), 'a package left out is loaded on first use');
    assert.ok(existsSync(path.join(bundleDir, 'yargs/locales/de.json')));
    const german = spawnSync(process.execPath, [path.join(root, 'bin/ep.cjs'), 'sesion'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, LANG: 'de_DE.UTF-8' },
    });
    assert.match(JSON.parse(german.stdout).error.message, /Meintest du session\?/);
  });

  it('answers as the compiled modules do, with its code cache, with a damaged one and with none', () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'ep-bundle-'));
    try {
      // A copy beside dist/, so what the bundle resolves relative to itself (workers, dist/src) still exists.
      const sibling = path.join(path.dirname(bundleDir), path.basename(copy));
      cpSync(bundleDir, sibling, { recursive: true });
      try {
        const damaged = path.join(sibling, 'ep.cjs');
        for (const cacheFile of [`${damaged}.cache`, ...GROUPS.map((group) => `${damaged}.${group}.cache`)]) {
          const cache = readFileSync(cacheFile);
          cache.fill(7, 64, 4096);
          writeFileSync(cacheFile, cache);
        }
        const bare = path.join(sibling, 'bare.cjs');
        copyFileSync(damaged, bare);
        for (const args of COMMANDS) {
          const compiled = runModules(args);
          for (const file of [bundle, damaged, bare]) {
            const bundled = runBundle(file, args);
            assert.equal(bundled.status, compiled.status, `${args.join(' ')} from ${path.basename(file)}: ${bundled.stderr}`);
            assert.deepEqual(JSON.parse(bundled.stdout), JSON.parse(compiled.stdout), `${args.join(' ')} from ${path.basename(file)}`);
            assert.equal(bundled.stderr, '', 'no warning on stderr');
          }
        }
      } finally {
        rmSync(sibling, { recursive: true, force: true });
      }
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('keeps the names of the functions and classes it minifies', () => {
    // Identifiers are minified; what reads a function's or class's `name` (messages, stack traces) reads the source's.
    const text = readFileSync(bundle, 'utf8');
    for (const name of ['EpError', 'ContextTierService', 'installLastResortHandlers', 'inflateFramed'])
      assert.match(text, new RegExp(`[\\w$]+\\([\\w$]+,"${name}"\\)`), `${name} keeps its name (esbuild's keepNames)`);
  });

  it('lays out help as the compiled modules do, in a language whose text is not ASCII too', () => {
    // The bundle measures ASCII cells by their length and leaves any other text to string-width (whose
    // agreement is tested in help-string-width.test.ts).
    for (const language of ['en_US.UTF-8', 'zh_CN.UTF-8'])
      for (const args of [['--help'], ['context', 'request', '--help']]) {
        const env = { ...childEnv(), LANG: language };
        const bundled = runBundle(bundle, args, root, env);
        assert.equal(bundled.status, 0, bundled.stderr);
        assert.equal(bundled.stdout, runModules(args, env).stdout, `ep ${args.join(' ')} in ${language}`);
      }
  });

  it('runs from its code caches: V8 takes each one the build recorded', () => {
    // V8 refuses a cache made by another Node or under other flags silently, and the call then compiles it all.
    const usesCache = (group: string | undefined, nodeFlags: string[] = []) => {
      const options = JSON.stringify(group === undefined ? {} : { group });
      const script = [
        `const loader = require(${JSON.stringify(loader)});`,
        `loader.loadBundle(${JSON.stringify(bundle)}, ${options});`,
        'process.stdout.write(String(loader.usedCodeCache()));',
      ].join('\n');
      const result = spawnSync(process.execPath, [...nodeFlags, '-e', script], { cwd: root, env: childEnv(), encoding: 'utf8' });
      assert.equal(result.stderr, '');
      return result.stdout;
    };
    for (const group of [undefined, ...GROUPS]) assert.equal(usesCache(group), 'true', `the ${group ?? 'every-command'} cache is used`);
    assert.equal(usesCache('start', ['--max-lazy']), 'false', 'under one V8 flag more, V8 refuses the cache, and the check sees it');
  });

  it('starts each group of commands with its own code cache, and the others with the cache of every command', () => {
    assert.equal(codeCacheGroupOf(['--help']), 'help');
    assert.equal(codeCacheGroupOf(['--version']), 'help');
    assert.equal(codeCacheGroupOf(['plugins', 'list', '--plugin', 'x']), 'start');
    assert.equal(codeCacheGroupOf(['context', 'get', '--key', 'a']), 'reads');
    assert.equal(codeCacheGroupOf(['context', 'search', '--query', 'a']), 'reads');
    assert.equal(codeCacheGroupOf(['context', 'upsert', '--json', '{}']), 'records');
    assert.equal(codeCacheGroupOf(['context', 'request', '--purpose', 'p']), 'code');
    assert.equal(codeCacheGroupOf(['code', 'map']), 'code');
    assert.equal(codeCacheGroupOf(['context', '--help']), undefined);
    assert.equal(codeCacheGroupOf(['sessions', 'list']), undefined);
    for (const group of [undefined, ...GROUPS]) {
      const file = path.join(bundleDir, group === undefined ? 'ep.cjs.cache' : `ep.cjs.${group}.cache`);
      assert.ok(existsSync(file), `the build recorded ${path.basename(file)}`);
    }
  });

  it('lists a git work tree through the prebundled execa, with its cache damaged, and through the package without it', () => {
    const sibling = path.join(path.dirname(bundleDir), `cli-execa-${process.pid}`);
    const tree = mkdtempSync(path.join(tmpdir(), 'ep-bundle-git-'));
    cpSync(bundleDir, sibling, { recursive: true });
    try {
      assert.equal(spawnSync('git', ['init', '-q'], { cwd: tree }).status, 0);
      writeFileSync(path.join(tree, 'auth.py'), 'class AuthManager:\n    pass\n');
      const map = (file: string) => {
        const result = runBundle(file, ['code', 'map'], tree, { ...childEnv(), EP_HOME: mkdtempSync(path.join(tree, 'home-')) });
        assert.equal(result.status, 0, result.stderr);
        return JSON.parse(result.stdout).data.map as string;
      };
      const expected = map(bundle);
      assert.match(expected, /AuthManager/);
      const cache = path.join(sibling, 'execa.cjs.cache');
      writeFileSync(cache, readFileSync(cache).fill(7, 64, 4096));
      assert.equal(map(path.join(sibling, 'ep.cjs')), expected, 'a damaged cache of execa is not used');
      rmSync(path.join(sibling, 'execa.cjs'));
      assert.equal(map(path.join(sibling, 'ep.cjs')), expected, 'without the prebundled file, the package is imported');
    } finally {
      rmSync(sibling, { recursive: true, force: true });
      rmSync(tree, { recursive: true, force: true });
    }
  });

  it('loads the packages it does not hold on first use, with its code cache in use', () => {
    // Outside git, the code source walks the tree with `ignore` (CommonJS, required); in a git work tree it
    // lists the files with git through execa, bundled on its own beside the CLI with a code cache of its own.
    assert.ok(existsSync(path.join(bundleDir, 'execa.cjs')), 'execa is prebundled');
    assert.ok(existsSync(path.join(bundleDir, 'execa.cjs.cache')), "the prebundled execa's code cache is recorded");
    for (const inGit of [false, true]) {
      const tree = mkdtempSync(path.join(tmpdir(), 'ep-bundle-tree-'));
      try {
        if (inGit) assert.equal(spawnSync('git', ['init', '-q'], { cwd: tree }).status, 0);
        else mkdirSync(path.join(tree, '.edsl'));
        writeFileSync(path.join(tree, 'auth.py'), 'class AuthManager:\n    pass\n');
        const result = runBundle(bundle, ['code', 'map'], tree, { ...childEnv(), EP_HOME: path.join(tree, 'home') });
        assert.equal(result.status, 0, result.stderr);
        assert.match(JSON.parse(result.stdout).data.map, /AuthManager/, inGit ? 'in git' : 'outside git');
      } finally {
        rmSync(tree, { recursive: true, force: true });
      }
    }
  });
});
