import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT, row, timeCommand, timeFunction } from './support/measure.js';
import { OpenPackage } from '../src/storage/package/open-package.js';
import { ScenarioContext } from '../src/context/package/scenario-context.js';
import { writeBenchPackage } from './support/storage-fixture.js';
import { Bm25SearchEngine } from '../src/search/bm25/bm25-engine.js';

/**
 * `.ep` packages: load + search as a CLI-like call in a fresh process (targets: 10,000 records < 300 ms,
 * 100,000 < 2 s) and upserting one record into a 10,000-record package (< 1 s), each against references
 * measured in the same run: bare Node start-up, and a fresh process that only reads the package's bytes.
 */
const runs = Number(process.env.BENCH_RUNS ?? 7);
const bigRuns = Math.max(1, Math.min(runs, Number(process.env.BENCH_BIG_RUNS ?? 3)));
const dir = mkdtempSync(path.join(tmpdir(), 'ep-storage-bench-'));
const loadSearch = path.join(REPO_ROOT, 'dist/bench/support/storage-load-search.js');
const upsert = path.join(REPO_ROOT, 'dist/scripts/context-upsert-worker.js');
const query = 'humanize back navigation';
const engine = new Bm25SearchEngine();

try {
  const small = path.join(dir, 'context-10k.ep');
  const big = path.join(dir, 'context-100k.ep');
  let start = Date.now();
  await writeBenchPackage(small, 10_000);
  const smallSave = Date.now() - start;
  start = Date.now();
  await writeBenchPackage(big, 100_000);
  const bigSave = Date.now() - start;
  const smallStored = path.join(dir, 'context-10k-stored.ep');
  const bigStored = path.join(dir, 'context-100k-stored.ep');
  await writeBenchPackage(smallStored, 10_000, true);
  await writeBenchPackage(bigStored, 100_000, true);
  const readBytes = (file: string) => ['-e', `require('fs').readFileSync(${JSON.stringify(file)})`];

  const node = timeCommand(process.execPath, ['-e', '0'], runs);
  const readSmall = timeCommand(process.execPath, readBytes(small), runs);
  const searchSmall = timeCommand(process.execPath, [loadSearch, small, query], runs);
  const upsertSmall = timeCommand(process.execPath, [upsert, small, 'bench', '1'], runs);
  const readBig = timeCommand(process.execPath, readBytes(big), bigRuns);
  const searchBig = timeCommand(process.execPath, [loadSearch, big, query], bigRuns);
  const searchBigOneThread = timeCommand(process.execPath, [loadSearch, big, query, '--one-thread'], bigRuns);
  const searchSmallStored = timeCommand(process.execPath, [loadSearch, smallStored, query], runs);
  const searchBigStored = timeCommand(process.execPath, [loadSearch, bigStored, query], bigRuns);

  const mb = (file: string) => (statSync(file).size / 1024 ** 2).toFixed(1);
  console.log('# .ep storage (median of %d runs, %d for 100k; ratios to `node -e 0`)', runs, bigRuns);
  console.log(
    `# packages: 10k records ${mb(small)} MB (first save ${smallSave} ms), 100k records ${mb(big)} MB (first save ${bigSave} ms)`,
  );
  console.log(row('node -e 0 (reference)', node));
  console.log(row('read the 10k package bytes (reference)', readSmall, node));
  console.log(row('load + search, 10k records (target 300 ms)', searchSmall, node));
  console.log(row('upsert 1 record into 10k records (target 1 s)', upsertSmall, node));
  console.log(row('read the 100k package bytes (reference)', readBig, node));
  console.log(row('load + search, 100k records (target 2 s)', searchBig, node));
  // Below 20,000 record files a load stays on one thread, so only the 100k package has two paths to compare.
  console.log(row('load + search, 100k records, one thread', searchBigOneThread, node));
  console.log(`# two threads vs one at 100k: ${(searchBig / searchBigOneThread).toFixed(2)}x`);
  console.log(`# with storeRecordsUncompressed: 10k ${mb(smallStored)} MB, 100k ${mb(bigStored)} MB`);
  console.log(row('load + search, 10k records, stored records', searchSmallStored, node));
  console.log(row('load + search, 100k records, stored records', searchBigStored, node));
  // Where the time of one in-process load + search of the 10k package goes (median of the runs).
  const phases = { open: [] as number[], prove: [] as number[], parse: [] as number[], search: [] as number[] };
  await timeFunction(
    async () => {
      let t = performance.now();
      const opened = await OpenPackage.open(small);
      phases.open.push(performance.now() - t);
      t = performance.now();
      opened.worktreeMatches('HEAD');
      phases.prove.push(performance.now() - t);
      t = performance.now();
      const snapshot = await opened.snapshot('HEAD');
      phases.parse.push(performance.now() - t);
      t = performance.now();
      ScenarioContext.fromScenarioList(snapshot.list, { engine }).search(query, { topK: 10 });
      phases.search.push(performance.now() - t);
      await opened.close();
    },
    runs,
    0,
  );
  // The other read path: a ref other than HEAD comes from git objects through one `cat-file --batch`.
  const { GitPackageStore } = await import('../src/storage/git-package-store.js');
  const olderRef = await timeFunction(() => new GitPackageStore().load(small, { ref: 'HEAD~1' }), Math.min(runs, 5), 1);
  console.log(row('in-process load of 10k at HEAD~1 (git objects)', olderRef));
  const mid = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
  console.log(
    `# in-process phases, 10k: read + central directory ${mid(phases.open).toFixed(1)} ms, ` +
      `inflate + prove worktree = HEAD ${mid(phases.prove).toFixed(1)} ms, ` +
      `parse ${mid(phases.parse).toFixed(1)} ms, search ${mid(phases.search).toFixed(1)} ms`,
  );
  console.log(
    `# load + search 10k vs reading its bytes: ${(searchSmall / readSmall).toFixed(2)}x; 100k: ${(searchBig / readBig).toFixed(2)}x`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
