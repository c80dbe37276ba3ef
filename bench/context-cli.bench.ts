import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ScenarioList } from '../src/records/scenario-list.js';
import { GitPackageStore } from '../src/storage/git-package-store.js';
import { spawnSync } from 'node:child_process';
import { EP_BIN, median, row, timeCommand } from './support/measure.js';

/**
 * `ep context get` and `ep context search` on a 10,000-record package, each the median of fresh CLI
 * processes, against `node -e 0` measured in the same run. Target: each under 300 ms. Repeated calls read
 * the package through the read cache; the first read of a package (no cache entry) is measured apart.
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
  const node = timeCommand(process.execPath, ['-e', '0'], runs, dir, env);
  const get = timeCommand(process.execPath, [EP_BIN, 'context', 'get', '--path', file, '--key', 'note.05000'], runs, dir, env);
  const search = timeCommand(
    process.execPath,
    [EP_BIN, 'context', 'search', '--path', file, '--query', 'conjoint pricing pilot', '--top-k', '10'],
    runs,
    dir,
    env,
  );
  // A first read: every run gets its own empty EP_HOME, so the package is read and proven, and the cache filled.
  const firstRead = (args: string[]) =>
    median(
      Array.from({ length: runs }, (_, i) => {
        const start = process.hrtime.bigint();
        const result = spawnSync(process.execPath, [EP_BIN, ...args], {
          cwd: dir,
          env: { ...env, EP_HOME: path.join(dir, `.ep-home-cold-${args[1]}-${i}`) },
          stdio: 'ignore',
        });
        if (result.status !== 0) throw new Error(`ep ${args.join(' ')} failed with ${result.status}`);
        return Number(process.hrtime.bigint() - start) / 1e6;
      }),
    );
  const getCold = firstRead(['context', 'get', '--path', file, '--key', 'note.05000']);
  const searchCold = firstRead(['context', 'search', '--path', file, '--query', 'conjoint pricing pilot', '--top-k', '10']);
  console.log('# ep context on a %d-record package (median of %d fresh processes; ratio to `node -e 0`)', size, runs);
  console.log(row('node -e 0 (reference)', node));
  console.log(row('ep context get --key', get, node));
  console.log(row('ep context search --query --top-k 10', search, node));
  console.log(row('ep context get, first read (no cache entry)', getCold, node));
  console.log(row('ep context search, first read (no cache entry)', searchCold, node));
  const over = [
    ['get', get],
    ['search', search],
  ]
    .filter(([, ms]) => (ms as number) >= 300)
    .map(([name]) => name);
  console.log(over.length ? `# over the 300 ms target: ${over.join(', ')}` : '# both under the 300 ms target');
} finally {
  await rm(dir, { recursive: true, force: true });
}
