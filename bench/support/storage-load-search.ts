/**
 * What a CLI search call does, in a fresh process: load a package at HEAD and rank its records.
 * `node dist/bench/support/storage-load-search.js <package> <query> [--one-thread]` prints the best key;
 * `--one-thread` keeps inflation on the main thread (the `parallelInflate: false` store option).
 */
import { ScenarioContext } from '../../src/context/package/scenario-context.js';
import { GitPackageStore } from '../../src/storage/git-package-store.js';

const [file, query, flag] = process.argv.slice(2);
const store = flag === '--one-thread' ? new GitPackageStore({ parallelInflate: false }) : undefined;
const context = await ScenarioContext.load(file!, store ? { store } : {});
const [best] = context.search(query!, { topK: 10 });
process.stdout.write(`${JSON.stringify({ records: context.length, best: best?.scenario.key ?? null })}\n`);
