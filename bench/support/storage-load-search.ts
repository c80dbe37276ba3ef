/**
 * What a CLI search call does, in a fresh process: load a package at HEAD and rank its records.
 * `node dist/bench/support/storage-load-search.js <package> <query>` prints the best key.
 */
import { ScenarioContext } from '../../src/context/scenario-context.js';

const [file, query] = process.argv.slice(2);
const context = await ScenarioContext.load(file!);
const [best] = context.search(query!, { topK: 10 });
process.stdout.write(`${JSON.stringify({ records: context.length, best: best?.scenario.key ?? null })}\n`);
