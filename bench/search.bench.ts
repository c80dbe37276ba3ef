import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './support/measure.js';

/**
 * Search engines on the same corpus, in one run: build (from records) + 10 queries, median single query,
 * peak memory; each engine runs in its own process. Ratios are to the BM25 plugin. Peak RSS is the whole
 * process; "of which corpus" is its RSS with the records loaded, before any index exists.
 * Options: --corpus file.jsonl (records, one JSON object a line), --sizes 1000,10000,100000, --repeats N (fresh
 * processes per engine and size; the median time and the largest peak are kept; default 3).
 */
const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
};
const corpus = option('corpus');
// A corpus file is measured whole unless --sizes says otherwise.
const sizes = (option('sizes') ?? (corpus ? 'Infinity' : '1000,10000,100000')).split(',').map(Number);
const engines = ['bm25', 'minisearch', 'elasticlunr'];
const runner = path.join(path.dirname(fileURLToPath(import.meta.url)), 'support/search-run.js');

interface Run {
  engine: string;
  size: number;
  buildAndQueriesMs: number;
  medianQueryMs: number;
  peakRssMb: number;
  baselineRssMb: number;
  heapGrowthMb: number;
}

const repeatsOption = option('repeats');
const repeatsFor = (_size: number) => Number(repeatsOption ?? 3);

/**
 * Fresh processes, engines interleaved within each round so load from other work on the machine falls on
 * all of them alike; the median time and the largest memory figures are kept.
 */
function measureAll(size: number): Run[] {
  const rounds = Array.from({ length: repeatsFor(size) }, () => engines.map((engine) => run(engine, size)));
  return engines.map((_, e) => {
    const runs = rounds.map((round) => round[e]!);
    return {
      ...runs[0]!,
      buildAndQueriesMs: median(runs.map((r) => r.buildAndQueriesMs)),
      medianQueryMs: median(runs.map((r) => r.medianQueryMs)),
      peakRssMb: Math.max(...runs.map((r) => r.peakRssMb)),
      heapGrowthMb: Math.max(...runs.map((r) => r.heapGrowthMb)),
    };
  });
}

function run(engine: string, size: number): Run {
  const result = spawnSync(process.execPath, ['--expose-gc', runner, engine, String(size), ...(corpus ? [corpus] : [])], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (result.status !== 0) throw new Error(`${engine} at ${size} failed:\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').pop()!) as Run;
}

console.log(`# Search engines, ${corpus ? `records from ${corpus}` : 'generated corpus (seeded)'}; ratio = time / BM25 time`);
console.log('records  engine        build+10q      ratio   median query   peak RSS   of which corpus   heap growth');
for (const size of sizes) {
  const runs = measureAll(size);
  const bm25 = runs[0]!;
  for (const r of runs) {
    console.log(
      [
        String(r.size).padStart(7),
        r.engine.padEnd(12),
        `${r.buildAndQueriesMs.toFixed(1)} ms`.padStart(12),
        `${(r.buildAndQueriesMs / bm25.buildAndQueriesMs).toFixed(2)}x`.padStart(9),
        `${r.medianQueryMs.toFixed(3)} ms`.padStart(14),
        `${r.peakRssMb.toFixed(0)} MB`.padStart(10),
        `${r.baselineRssMb.toFixed(0)} MB`.padStart(16),
        `${r.heapGrowthMb.toFixed(0)} MB`.padStart(13),
      ].join('  '),
    );
  }
}
