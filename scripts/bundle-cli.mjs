// Bundles the compiled CLI (dist/src/cli/main.js and everything it imports from dist/src, dynamic imports
// included) into one CommonJS file, dist/cli/ep.cjs, and records a V8 code cache for it (ep.cjs.cache, see
// bin/load-bundle.cjs). One file, because Node resolves, reads and links each ES module on its own: a code
// map loaded some fifty chunks, and a context request eighty. Lazily imported parts stay lazy: they are
// evaluated on first import, and V8 compiles a function only when it first runs (or takes it from the
// cache). Whitespace, syntax and identifiers are minified, which cuts what is read, hashed, parsed and
// deserialised by about a third; every function and class keeps its own `name` (esbuild's keepNames), so
// what reads a name and the stack traces' function names are as in the sources. Built from the entry each
// time, so every command the entry reaches is in it.
//
// Packages stay external, loaded from node_modules as before, except the few every command loads (INLINED):
// Node resolves and reads each of their files on its own (tsyringe alone is some thirty-five files), which
// cost a plain `ep --help` more than all of ep's own code. Inlining them is safe: the kernel uses its
// container only to hold the bindings it makes, and reads what `@inject` records through reflect-metadata's
// registry, which every copy of reflect-metadata in a process shares, so a third-party plugin decorated with
// its own tsyringe is read the same.
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

/** What bin/ep.cjs takes from the bundle. */
const ENTRY = "export { main } from './main.js'; export { installLastResortHandlers } from './last-resort.js';";
const BUNDLE = 'ep.cjs';

/** Packages bundled into the CLI, with every package they require in turn. */
const INLINED = new Set(['yargs', 'semver', 'tsyringe', 'reflect-metadata']);

/** The package a bare specifier names: `semver` for `semver/functions/valid.js`, `@scope/name` for scoped ones. */
function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const isBare = (specifier) => !specifier.startsWith('.') && !path.isAbsolute(specifier) && !specifier.startsWith('node:');
const inNodeModules = (file) => file.split(path.sep).includes('node_modules');

/**
 * Which bare imports are bundled: those of INLINED packages and whatever those packages import; every other
 * package is external. Node's own modules are left to esbuild (external on platform node).
 */
function inlineSomePackages() {
  return {
    name: 'inline-some-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (!isBare(args.path) || args.path.startsWith('node:')) return undefined;
        if (INLINED.has(packageOf(args.path)) || inNodeModules(args.importer)) return undefined;
        return { path: args.path, external: true };
      });
    },
  };
}

/**
 * ep's modules load CommonJS packages through `createRequire(import.meta.url)`, which esbuild cannot follow.
 * In the bundle, an INLINED package is required through the bundle's own `require` (so esbuild includes it);
 * every other call keeps a require of the module's own location.
 */
function bundleInlinedRequires(text, file) {
  const declaration = 'const require = createRequire(import.meta.url);';
  if (!text.includes(declaration)) return text;
  const rewritten = text
    .replace(declaration, 'const requireHere = createRequire(import.meta.url);')
    .replace(/\brequire(?=(\.resolve)?\()/g, (call, resolve, at, whole) => {
      const literal = /^\((['"])([^'"]+)\1\)/.exec(whole.slice(at + call.length));
      return !resolve && literal && INLINED.has(packageOf(literal[2])) ? call : 'requireHere';
    });
  return rewritten;
}

/**
 * `import.meta.url` has no value in a CommonJS bundle; rewritten to the module's compiled location (relative to the output directory, so an installed copy resolves the same), so
 * workers, WebAssembly and `createRequire` still find what sits next to the module in dist/src. yargs finds
 * its message catalogues from its `__dirname`: they are copied next to the bundle (see YARGS_LOCALES).
 */
function ownModuleLocation(outdir) {
  return {
    name: 'own-module-location',
    setup(build) {
      build.onLoad({ filter: /\.(c|m)?js$/ }, async (args) => {
        const text = await readFile(args.path, 'utf8');
        if (inNodeModules(args.path)) {
          if (!args.path.endsWith(path.join('yargs', 'build', 'index.cjs'))) return undefined;
          const dir = `require("node:path").join(__epCliDir, ${JSON.stringify(YARGS_BUILD)})`;
          return { contents: text.replace(/\b__dirname\b/g, dir), loader: 'js' };
        }
        let contents = bundleInlinedRequires(text, args.path);
        if (contents.includes('import.meta.url')) {
          const relative = path.relative(outdir, args.path).split(path.sep).join('/');
          contents = contents.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, __epBundleUrl).href`);
        }
        return contents === text ? undefined : { contents, loader: 'js' };
      });
    },
  };
}

/**
 * yargs requires node:assert when it loads, for two checks (`notStrictEqual`, `strictEqual`), one of which
 * runs on every start. node:assert is six of Node's modules, some 4 ms of every call, `ep --help` included;
 * in the bundle yargs gets the same checks, which load node:assert only when one fails.
 */
function yargsAssertOnFirstUse() {
  const namespace = 'yargs-assert';
  return {
    name: namespace,
    setup(build) {
      build.onResolve({ filter: /^(node:)?assert$/ }, (args) =>
        args.importer.split(path.sep).join('/').includes('/node_modules/yargs/') ? { path: 'assert', namespace } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace }, () => ({
        // The two checks yargs makes on every start (a sound call passes them) without node:assert, which is
        // loaded only to throw its own error when one fails, as is any other function yargs may take.
        contents: [
          "const assert = () => require('node:assert');",
          'module.exports = new Proxy({',
          '  strictEqual: (actual, expected, message) => { if (!Object.is(actual, expected)) assert().strictEqual(actual, expected, message); },',
          '  notStrictEqual: (actual, expected, message) => { if (Object.is(actual, expected)) assert().notStrictEqual(actual, expected, message); },',
          '}, { get: (own, name) => own[name] ?? ((...args) => assert()[name](...args)) });',
        ].join('\n'),
        loader: 'js',
      }));
    },
  };
}

/**
 * yargs' help layout (cliui) measures every cell with string-width, which first replaces emoji through a
 * regular expression of some 10,000 characters: compiling and running it was a tenth of `ep --help`. In the
 * bundle, the packages get ascii-string-width.cjs instead: a cell of printable ASCII (all of ep's help
 * text) is as wide as it is long; any other text is measured by string-width itself.
 */
function asciiStringWidth() {
  const shim = fileURLToPath(new URL('./ascii-string-width.cjs', import.meta.url));
  // The copy yargs loads, bundled with it for the shim's own require.
  const require = createRequire(import.meta.url);
  const real = require.resolve('string-width', { paths: [path.dirname(require.resolve('yargs'))] });
  return {
    name: 'ascii-string-width',
    setup(build) {
      build.onResolve({ filter: /^string-width$/ }, (args) => {
        if (args.importer === shim) return { path: real };
        return inNodeModules(args.importer) ? { path: shim } : undefined;
      });
    },
  };
}

/** Where, under dist/cli, yargs' `__dirname` points; its `../locales` is YARGS_LOCALES. */
const YARGS_BUILD = 'yargs/build';
const YARGS_LOCALES = 'yargs/locales';

export async function bundleCli(dist) {
  const outdir = path.join(dist, 'cli');
  await rm(outdir, { recursive: true, force: true });
  await esbuild.build({
    stdin: { contents: ENTRY, resolveDir: path.join(dist, 'src/cli'), sourcefile: 'cli-entry.js' },
    outfile: path.join(outdir, BUNDLE),
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    minifyWhitespace: true,
    minifySyntax: true,
    minifyIdentifiers: true,
    keepNames: true,
    // ASCII (non-ASCII characters escaped): Node decodes a one-byte file into a string several times faster.
    charset: 'ascii',
    // What the rewritten `import.meta.url`s resolve against, and where yargs finds its catalogues.
    banner: { js: 'const __epCliDir = __dirname; const __epBundleUrl = require("node:url").pathToFileURL(__filename).href;' },
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [asciiStringWidth(), inlineSomePackages(), yargsAssertOnFirstUse(), ownModuleLocation(outdir)],
  });
  await routeDynamicImports(path.join(outdir, BUNDLE));
  await prebundle(outdir);
  const yargsDir = path.dirname(createRequire(import.meta.url).resolve('yargs/package.json'));
  await cp(path.join(yargsDir, 'locales'), path.join(outdir, YARGS_LOCALES), { recursive: true });
  await recordCodeCaches(path.join(outdir, BUNDLE));
}

/**
 * Packages the bundle imports on first use that are bundled on their own, each into one CommonJS file beside
 * the bundle (`<name>.cjs`), which bin/load-bundle.cjs requires in place of the package. execa is some
 * hundred ES modules: Node's loader resolves and links each one, about 100 ms on the first git call of a
 * process (a code request in a git work tree, every package write), against about 30 ms for one file.
 */
const PREBUNDLED = ['execa'];

async function prebundle(outdir) {
  const { PREBUNDLED_PACKAGES } = createRequire(import.meta.url)('../bin/load-bundle.cjs');
  if (PREBUNDLED.join() !== [...PREBUNDLED_PACKAGES].join())
    throw new Error('bin/load-bundle.cjs loads other prebundled packages than the build makes');
  for (const name of PREBUNDLED) {
    await esbuild.build({
      stdin: {
        contents: `export * from ${JSON.stringify(name)};`,
        resolveDir: path.dirname(fileURLToPath(import.meta.url)),
        sourcefile: `${name}-entry.js`,
      },
      outfile: path.join(outdir, `${name}.cjs`),
      bundle: true,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      minifyWhitespace: true,
      minifySyntax: true,
      minifyIdentifiers: true,
      keepNames: true,
      charset: 'ascii',
      legalComments: 'none',
      logLevel: 'warning',
    });
  }
}

/**
 * Every `import()` in the bundle (packages loaded on first use, plugins) goes through `__epImport`, which
 * bin/load-bundle.cjs passes in: V8 drops the script's dynamic-import host options when its functions come
 * from a code cache, so an `import()` compiled in the bundle itself would fail once the cache is used. The
 * bundle's dynamic imports are all calls in code (none in a string), which the check below holds to.
 */
async function routeDynamicImports(bundle) {
  const text = await readFile(bundle, 'utf8');
  let count = 0;
  const routed = text.replace(/(?<![\w$.])import\(/g, () => {
    count += 1;
    return '__epImport(';
  });
  if (count === 0 || /\bimport\s*\(/.test(routed)) throw new Error('the CLI bundle has an import() that cannot be routed');
  await writeFile(bundle, routed);
}

/**
 * Commands run through the bundle, in one process per code cache, before the cache is kept: V8 keeps the
 * bytecode of every function compiled by then. Each group of bin/code-cache-groups.cjs gets a cache from
 * its own commands, so a command deserialises little more than it runs; the cache of every command (used
 * by the commands no group names) comes from all of them. They cover the start-up every command shares
 * (the kernel, yargs, the plugins' registration, envelopes) and the paths agents call most: a code map
 * and a context request over a small tree, and writing, searching and reading a context package.
 */
const RECORDED_COMMANDS = {
  code: [
    ['code', 'map'],
    ['context', 'request', '--purpose', 'sign users in', '--focus', 'uko-py:class/AuthManager', '--depth', 'SIGNATURES', '--breadth', '1'],
  ],
  records: [
    ['scenarios', 'create', '--from-json', 'notes.json', '--output', 'notes.ep'],
    ['context', 'upsert', '--path', 'notes.ep', '--json', '{"key":"login","text":"Users sign in with a token."}'],
  ],
  // notes.ep is written first, by a process that records nothing (RECORDING_SETUP).
  reads: [
    ['context', 'search', '--path', 'notes.ep', '--query', 'sign in'],
    ['context', 'get', '--path', 'notes.ep', '--key', 'auth'],
  ],
  help: [['--help']],
  start: [['plugins', 'list']],
};

/** Commands run before a group's recording, in a process of their own, so their code stays out of its cache. */
const RECORDING_SETUP = {
  reads: [['scenarios', 'create', '--from-json', 'notes.json', '--output', 'notes.ep']],
  // The code commands once first, so the recording runs them warm: an agent's calls after its first find the
  // tree parsed and cached, and their cache then holds no parser, extractor or cache writer to deserialise.
  code: RECORDED_COMMANDS.code,
};

/** A tree for RECORDED_COMMANDS: one Python and one TypeScript module, and records for a package. */
const RECORDING_TREE = {
  'auth.py': 'class AuthManager:\n    """Signs users in."""\n    def sign_in(self, user: str) -> bool:\n        return bool(user)\n',
  'app.ts': 'export class App {\n  start(): void {}\n}\n',
  'notes.json': '[{"key":"auth","text":"AuthManager signs users in."}]',
};

const endsProcess = (args) => Number(args.includes('--help'));

/** Records every group's code cache and the one of every command, two at a time (the build machines have two cores). */
async function recordCodeCaches(bundle) {
  const require = createRequire(import.meta.url);
  const { CODE_CACHE_GROUPS, codeCacheGroupOf } = require('../bin/code-cache-groups.cjs');
  for (const { name } of CODE_CACHE_GROUPS) {
    const commands = RECORDED_COMMANDS[name];
    if (!commands) throw new Error(`no commands are recorded for the code cache group ${name}`);
    for (const args of commands)
      if (codeCacheGroupOf(args) !== name) throw new Error(`ep ${args.join(' ')} is recorded for ${name} but starts with another cache`);
  }
  const recordings = [
    // `--help` ends the process: the cache of every command runs it last.
    {
      group: undefined,
      commands: CODE_CACHE_GROUPS.flatMap(({ name }) => RECORDED_COMMANDS[name]).sort((a, b) => endsProcess(a) - endsProcess(b)),
    },
    ...CODE_CACHE_GROUPS.map(({ name }) => ({ group: name, commands: RECORDED_COMMANDS[name] })),
  ];
  for (let at = 0; at < recordings.length; at += 2)
    await Promise.all(recordings.slice(at, at + 2).map(({ group, commands }) => recordCodeCache(bundle, group, commands)));
}

/**
 * Runs `commands` through the bundle with an empty $EP_HOME and keeps the code cache V8 has once the
 * process exits, as `group`'s. Made with the Node that builds, which is the one that runs it; any other
 * rejects it and compiles as usual. Only the first command prints its envelope on stdout (the CLI seals
 * stdout after one).
 */
const withoutEpSettings = (env) => Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('EP_')));

async function recordCodeCache(bundle, group, commands) {
  const scratch = await mkdtemp(path.join(tmpdir(), 'ep-code-cache-'));
  try {
    await mkdir(path.join(scratch, '.edsl'));
    for (const [name, text] of Object.entries(RECORDING_TREE)) await writeFile(path.join(scratch, name), text);
    const setup = (group && RECORDING_SETUP[group]) ?? [];
    if (setup.length) await runCommands(bundle, scratch, { group }, setup, 'preparing');
    await runCommands(bundle, scratch, { recordCache: true, ...(group ? { group } : {}) }, commands, 'recording');
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** What the recording process writes on stderr as it starts each command, so that one cut short is seen. */
const STARTED = 'ep-recording-command';

/** Runs `commands` through the bundle in one process in `scratch` (recording a cache when `options` say so); fails when one fails. */
async function runCommands(bundle, scratch, options, commands, doing) {
  const loader = fileURLToPath(new URL('../bin/load-bundle.cjs', import.meta.url));
  const script = [
    `const { main } = require(${JSON.stringify(loader)}).loadBundle(${JSON.stringify(bundle)}, ${JSON.stringify(options)});`,
    // A command that ends its process once answered (a read's `exitsWhenDone`) would end the recording there,
    // and the commands after it would never reach the cache: only the last command's or a failure's exit ends it.
    `const commands = ${JSON.stringify(commands)};`,
    'const exit = process.exit.bind(process);',
    'let running = 0;',
    'process.exit = (code) => { if (running === commands.length - 1 || (code ?? process.exitCode ?? 0) !== 0) exit(code); };',
    `(async () => { for (; running < commands.length; running += 1) { process.stderr.write('${STARTED} ' + running + '\\n'); await main(commands[running]); } })();`,
  ].join('\n');
  const run = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], {
      cwd: scratch,
      // None of the caller's ep settings (a database, a model, active packages) reach the recording.
      env: { ...withoutEpSettings(process.env), EP_HOME: path.join(scratch, 'home') },
    });
    const out = { stdout: '', stderr: '' };
    child.stdout.on('data', (chunk) => (out.stdout += chunk));
    child.stderr.on('data', (chunk) => (out.stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ ...out, status }));
  });
  // `--help` prints its text, not an envelope.
  const envelope = endsProcess(commands[0]) ? { status: 'ok' } : JSON.parse(run.stdout.slice(0, run.stdout.lastIndexOf('}') + 1) || '{}');
  const failed = /"status": "error"/.test(run.stderr) || !run.stderr.includes(`${STARTED} ${commands.length - 1}\n`);
  const { group } = options;
  if (run.status !== 0 || envelope.status !== 'ok' || failed)
    throw new Error(`${doing} the CLI's code cache${group ? ` for ${group}` : ''} failed: ${run.stderr || run.stdout}`);
}
