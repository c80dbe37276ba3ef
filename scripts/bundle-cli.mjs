// Bundles the compiled CLI (dist/src/cli/main.js and everything it imports from dist/src, dynamic imports
// included) into dist/cli/, one file per lazily loaded part, so a command loads a few files instead of some
// two hundred modules. Built from the entry each time, so every command the entry reaches is in it. Packages
// stay external: tsyringe and reflect-metadata must be the instances third-party plugins and `ep-runtime`
// importers share, and their files are loaded from node_modules as before.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';

/** Entries bin/ep.js loads. */
const ENTRIES = ['main', 'last-resort'];

/**
 * `import.meta.url` in a bundled module names the output file, not the module's own file; rewritten to the
 * module's compiled location (relative to the output directory, so an installed copy resolves the same), so
 * workers, WebAssembly and `createRequire` still find what sits next to the module in dist/src.
 */
function ownModuleUrl(outdir) {
  return {
    name: 'own-module-url',
    setup(build) {
      build.onLoad({ filter: /\.js$/ }, async (args) => {
        const text = await readFile(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        const relative = path.relative(outdir, args.path).split(path.sep).join('/');
        return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`), loader: 'js' };
      });
    },
  };
}

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
    packages: 'external',
    // Every output in one directory, so the relative URLs above hold for chunks and entries alike.
    chunkNames: '[name]-[hash]',
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [ownModuleUrl(outdir)],
  });
}
