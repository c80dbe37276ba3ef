/**
 * `node loaded-modules.js <specifier>`: imports the specifier in this fresh process and prints, as a JSON
 * array, the URL of every module that import loaded. ES modules come from a load hook; CommonJS modules
 * from require's cache, since modules that CommonJS requires do not pass the ES module hooks.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

async function printLoads(specifier: string): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ep-loads-'));
  const log = path.join(dir, 'loads.txt');
  try {
    register('./record-loads.js', import.meta.url, { data: { log } });
    await import(specifier);
    const esm = readFileSync(log, 'utf8').split('\n').filter(Boolean);
    const commonJs = Object.keys(createRequire(import.meta.url).cache).map((file) => pathToFileURL(file).href);
    process.stdout.write(JSON.stringify([...new Set([...esm, ...commonJs])]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// `node --test dist/test/` also runs this file on its own (every file under a test/ folder counts as a test
// file), with no specifier: there is nothing to record then.
const specifier = process.argv[2];
if (specifier) await printLoads(specifier);
