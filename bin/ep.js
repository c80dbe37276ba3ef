#!/usr/bin/env node
// Loads the compiled CLI: the bundle in dist/cli when the build made one after the last compile (a plain `tsc`
// leaves it behind the sources), else the modules in dist/src/cli. A clone that has not been built yet gets a
// clear instruction instead of a stack trace.
import { statSync } from 'node:fs';

const built = (file) => statSync(new URL(file, import.meta.url), { throwIfNoEntry: false })?.mtimeMs;
const bundled = built('../dist/cli/main.js');
const compiled = built('../dist/src/cli/main.js');
const dir = bundled !== undefined && compiled !== undefined && bundled >= compiled ? '../dist/cli/' : '../dist/src/cli/';

const load = async () => {
  try {
    return await Promise.all([import(`${dir}last-resort.js`), import(`${dir}main.js`)]);
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes(dir.slice(2))) throw error;
    process.stderr.write('ep is not built yet: run `npm run build` in this checkout first.\n');
    const notBuilt = { code: 'NOT_BUILT', message: 'ep is not built yet.', suggestion: 'Run `npm run build`.' };
    process.stdout.write(`${JSON.stringify({ status: 'error', error: notBuilt })}\n`);
    process.exit(1);
  }
};
const [{ installLastResortHandlers }, { main }] = await load();
const fatal = installLastResortHandlers();
await main().catch(fatal);
