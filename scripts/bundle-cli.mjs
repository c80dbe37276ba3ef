// Bundles the compiled CLI (dist/src/cli/main.js and everything it imports from dist/src, dynamic imports
// included) into dist/cli/, one file per lazily loaded part, so a command loads a few files instead of some
// two hundred modules. Built from the entry each time, so every command the entry reaches is in it.
//
// Packages stay external, loaded from node_modules as before, except the few every command loads (INLINED):
// Node resolves and reads each of their files on its own (tsyringe alone is some thirty-five files), which
// cost a plain `ep --help` more than all of ep's own code. Inlining them is safe: the kernel uses its
// container only to hold the bindings it makes, and reads what `@inject` records through reflect-metadata's
// registry, which every copy of reflect-metadata in a process shares, so a third-party plugin decorated with
// its own tsyringe is read the same.
import { cp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';

/** Entries bin/ep.js loads. */
const ENTRIES = ['main', 'last-resort'];

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
 * `import.meta.url` in a bundled module names the output file, not the module's own file; rewritten to the
 * module's compiled location (relative to the output directory, so an installed copy resolves the same), so
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
          contents = contents.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`);
        }
        return contents === text ? undefined : { contents, loader: 'js' };
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
    entryPoints: ENTRIES.map((name) => path.join(dist, 'src/cli', `${name}.js`)),
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // The inlined CommonJS packages require Node's modules, and an ES module has no `require` of its own; nor
    // `__dirname`, which they may read (none of the inlined ones but yargs, above, uses it for a file).
    banner: {
      js: [
        'import { createRequire as __epCreateRequire } from "node:module";',
        'import { fileURLToPath as __epFileURLToPath } from "node:url";',
        'const require = __epCreateRequire(import.meta.url);',
        'const __filename = __epFileURLToPath(import.meta.url);',
        'const __epCliDir = __epFileURLToPath(new URL(".", import.meta.url));',
        'const __dirname = __epCliDir;',
      ].join(' '),
    },
    // Every output in one directory, so the relative URLs above hold for chunks and entries alike.
    chunkNames: '[name]-[hash]',
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [inlineSomePackages(), ownModuleLocation(outdir)],
  });
  const yargsDir = path.dirname(createRequire(import.meta.url).resolve('yargs/package.json'));
  await cp(path.join(yargsDir, 'locales'), path.join(outdir, YARGS_LOCALES), { recursive: true });
}
