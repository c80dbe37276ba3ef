/**
 * What a CLI search call does, in a fresh process: load a package at HEAD and rank its records.
 * `node dist/bench/support/storage-load-search.js <package> <query> [--one-thread]` prints the best key;
 * `--one-thread` keeps inflation on the main thread (the `parallelInflate: false` store option).
 */
import { ScenarioContext } from '../../src/context/package/scenario-context.js';
import { Bm25SearchEngine } from '../../src/search/bm25/bm25-engine.js';
import { GitPackageStore } from '../../src/storage/git-package-store.js';

const [file, query, flag] = process.argv.slice(2);
// The built-in store and engine given directly, without starting a runtime, so only storage and search are timed.
const store = new GitPackageStore(flag === '--one-thread' ? { parallelInflate: false } : {});
const context = await ScenarioContext.load(file!, { store, engine: new Bm25SearchEngine() });
const [best] = context.search(query!, { topK: 10 });
process.stdout.write(`${JSON.stringify({ records: context.length, best: best?.scenario.key ?? null })}\n`);
