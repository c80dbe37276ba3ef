#!/usr/bin/env node
// Loads the compiled CLI. A clone that has not been built yet gets a clear instruction instead of a stack trace.
const load = async () => {
  try {
    return await Promise.all([import('../dist/src/cli/last-resort.js'), import('../dist/src/cli/main.js')]);
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('/dist/src/cli/')) throw error;
    process.stderr.write('ep is not built yet: run `npm run build` in this checkout first.\n');
    const notBuilt = { code: 'NOT_BUILT', message: 'ep is not built yet.', suggestion: 'Run `npm run build`.' };
    process.stdout.write(`${JSON.stringify({ status: 'error', error: notBuilt })}\n`);
    process.exit(1);
  }
};
const [{ installLastResortHandlers }, { main }] = await load();
const fatal = installLastResortHandlers();
await main().catch(fatal);
