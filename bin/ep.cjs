#!/usr/bin/env node
// Loads the compiled CLI: the bundle in dist/cli when the build made one after the last compile (a plain `tsc`
// leaves it behind the sources), else the modules in dist/src/cli. A clone that has not been built yet gets a
// clear instruction instead of a stack trace. A CommonJS script, because Node starts an ES module entry some
// 10 ms slower, and the bundle is one CommonJS file run with its code cache (see load-bundle.cjs).
'use strict';
const { statSync } = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const built = (file) => statSync(path.join(__dirname, file), { throwIfNoEntry: false })?.mtimeMs;
const bundled = built('../dist/cli/ep.cjs');
const compiled = built('../dist/src/cli/main.js');

async function load() {
  if (bundled !== undefined && compiled !== undefined && bundled >= compiled)
    return require('./load-bundle.cjs').loadBundle(path.join(__dirname, '../dist/cli/ep.cjs'), {
      group: require('./code-cache-groups.cjs').codeCacheGroupOf(process.argv.slice(2)),
    });
  const dir = path.join(__dirname, '../dist/src/cli');
  try {
    const [lastResort, cli] = await Promise.all([
      import(pathToFileURL(path.join(dir, 'last-resort.js')).href),
      import(pathToFileURL(path.join(dir, 'main.js')).href),
    ]);
    return { ...lastResort, ...cli };
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes(path.join('dist', 'src', 'cli'))) throw error;
    process.stderr.write('ep is not built yet: run `npm run build` in this checkout first.\n');
    const notBuilt = { code: 'NOT_BUILT', message: 'ep is not built yet.', suggestion: 'Run `npm run build`.' };
    process.stdout.write(`${JSON.stringify({ status: 'error', error: notBuilt })}\n`);
    process.exit(1);
  }
}

load().then(({ installLastResortHandlers, main }) => {
  const fatal = installLastResortHandlers();
  return main().catch(fatal);
});
