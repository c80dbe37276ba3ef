import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { ScenarioList } from '../src/records/scenario-list.js';
import { GitPackageStore } from '../src/storage/git-package-store.js';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { EP_BIN, loadAverageLine, median, row, timeCommandsInterleaved } from './support/measure.js';

/** A first read with nothing of ep's: the floor under any reader of the package (support/package-read-floor.cts). */
const FLOOR = fileURLToPath(new URL('./support/package-read-floor.cjs', import.meta.url));

/**
 * `ep context get` and `ep context search` on a 10,000-record package (`BENCH_RECORDS` for another size),
 * each the median of fresh CLI processes, interleaved with `node -e 0` in the same rounds. Targets (ratios to
 * `node -e 0`): repeated calls (read cache warm) 2.0x at 10,000 records and 3.0x at 70,000 to 100,000; a
 * first read of the package (empty cache) 4.0x and 12x. First reads are also set against their floor, a
 * process that reads, inflates, hashes and parses the record files with nothing of ep's.
 */
const runs = Number(process.env.BENCH_RUNS ?? 9);
const size = Number(process.env.BENCH_RECORDS ?? 10_000);
const topics = ['pricing', 'conjoint', 'pilot', 'humanize', 'navigation', 'consent', 'budget', 'model', 'panel', 'survey'];

function records() {
  return Array.from({ length: size }, (_, i) => ({
    key: `note.${String(i).padStart(5, '0')}`,
    kind: i % 3 === 0 ? 'study_note' : 'note',
    summary: `Finding ${i} on ${topics[i % topics.length]} and ${topics[(i * 7) % topics.length]} for study ${i % 97}.`,
    tags: [topics[i % topics.length]!, topics[(i + 3) % topics.length]!],
  }));
}

const dir = await mkdtemp(path.join(tmpdir(), 'ep-bench-context-'));
try {
  const file = path.join(dir, 'research_context.ep');
  await new GitPackageStore().save(file, new ScenarioList(records()));
  const env = { ...process.env, EP_HOME: path.join(dir, '.ep-home') };
  const load = loadavg();
  const get = ['context', 'get', '--path', file, '--key', 'note.05000'];
  const search = ['context', 'search', '--path', file, '--query', 'conjoint pricing pilot', '--top-k', '10'];
  const [node, warmGet, warmSearch] = timeCommandsInterleaved(
    [
      ['-e', '0'],
      [EP_BIN, ...get],
      [EP_BIN, ...search],
    ].map((args) => ({ command: process.execPath, args, cwd: dir, env })),
    runs,
  );
  // A first read: every run gets its own empty EP_HOME, so the package is read and proven, and the cache filled.
  // Each round also runs the floor: the package's record files read, inflated, hashed and parsed, and no more.
  const spawnTimed = (args: string[], home: string) => {
    const start = process.hrtime.bigint();
    const result = spawnSync(process.execPath, args, { cwd: dir, env: { ...env, EP_HOME: home }, stdio: 'ignore' });
    if (result.status !== 0) throw new Error(`${args.join(' ')} failed with ${result.status}`);
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  const cold: Record<'node' | 'floor' | 'get' | 'search' | 'searchAfterGet', number[]> = {
    node: [],
    floor: [],
    get: [],
    search: [],
    searchAfterGet: [],
  };
  for (let i = 0; i < runs; i += 1) {
    cold.node.push(spawnTimed(['-e', '0'], env.EP_HOME));
    cold.floor.push(spawnTimed([FLOOR, file], env.EP_HOME));
    cold.get.push(spawnTimed([EP_BIN, ...get], path.join(dir, `.ep-home-cold-get-${i}`)));
    cold.search.push(spawnTimed([EP_BIN, ...search], path.join(dir, `.ep-home-cold-search-${i}`)));
    // A get caches the records without the search index; the first search after it adds the index.
    const getFirst = path.join(dir, `.ep-home-get-first-${i}`);
    spawnTimed([EP_BIN, ...get], getFirst);
    cold.searchAfterGet.push(spawnTimed([EP_BIN, ...search], getFirst));
  }
  const coldNode = median(cold.node);
  console.log('# ep context on a %d-record package (median of %d fresh processes; ratio to `node -e 0` in the same rounds)', size, runs);
  console.log(loadAverageLine(load));
  console.log(row('node -e 0 (reference)', node!));
  console.log(row('ep context get --key', warmGet!, node));
  console.log(row('ep context search --query --top-k 10', warmSearch!, node));
  console.log(row('node -e 0 (reference, first-read rounds)', coldNode));
  const floor = median(cold.floor);
  console.log(row('floor: read, inflate, hash and parse the records', floor, coldNode));
  console.log(row('ep context get, first read (empty cache)', median(cold.get), coldNode));
  console.log(row('ep context search, first read (empty cache)', median(cold.search), coldNode));
  console.log(row('ep context search after a first get (adds search data)', median(cold.searchAfterGet), coldNode));
  console.log(
    `  first reads against the floor: get ${(median(cold.get) / floor).toFixed(2)}x, search ${(median(cold.search) / floor).toFixed(2)}x`,
  );
  const [warmTarget, coldTarget] = size <= 10_000 ? [2, 4] : [3, 12];
  const over = [
    ['get', warmGet! / node!, warmTarget],
    ['search', warmSearch! / node!, warmTarget],
    ['get, first read', median(cold.get) / coldNode, coldTarget],
    ['search, first read', median(cold.search) / coldNode, coldTarget],
  ]
    .filter(([, ratio, target]) => (ratio as number) > (target as number))
    .map(([name, , target]) => `${name as string} (target ${target as number}x)`);
  console.log(over.length ? `# over target: ${over.join(', ')}` : '# every ratio within its target');
} finally {
  await rm(dir, { recursive: true, force: true });
}
