import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Database } from '../src/postgres/database.js';
import type { LogRecord } from '../src/sessions/call-node.js';
import { FileSessionStore } from '../src/sessions/store/file-session-store.js';
import { PostgresSessionStore } from '../src/sessions/store/postgres-session-store.js';
import { ScenarioList } from '../src/records/scenario-list.js';
import { GitPackageStore } from '../src/storage/git-package-store.js';
import type { HistoryVersion, PackageStore } from '../src/storage/package-store-contract.js';
import { PostgresPackageStore } from '../src/storage/postgres-package-store.js';
import { startPostgresCluster } from '../test/support/postgres-cluster.js';
import { benchRecords } from './support/storage-fixture.js';
import { loadAverageLine, row, timeFunction } from './support/measure.js';

/**
 * Whole histories and sessions moved between stores, on a throwaway local cluster, each against a reference
 * measured in the same run:
 * - saving a history of VERSIONS versions (RECORDS records, one revised per version) with `saveHistory`, in one
 *   transaction or one archive write, against saving it version by version (how import and export used to copy);
 * - exporting a session of NODES nodes in TURNS turns from PostgreSQL to the file format, against the file
 *   store's copy of the same session.
 */
const VERSIONS = Number(process.env.BENCH_HISTORY_VERSIONS ?? 50);
const RECORDS = Number(process.env.BENCH_HISTORY_RECORDS ?? 1000);
const NODES = Number(process.env.BENCH_EXPORT_NODES ?? 20_000);
const TURNS = Number(process.env.BENCH_EXPORT_TURNS ?? 20);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const atStart = loadavg();
const dir = mkdtempSync(path.join(tmpdir(), 'ep-bench-history-'));
const cluster = await startPostgresCluster();
const database = new Database({ url: cluster.url });

function history(): HistoryVersion[] {
  const records = benchRecords(RECORDS);
  return Array.from({ length: VERSIONS }, (_, n) => {
    records[(n * 37) % RECORDS] = { ...records[(n * 37) % RECORDS]!, summary: `revised in version ${n + 1}` };
    return {
      list: new ScenarioList([...records]),
      message: `Version ${n + 1}`,
      timestamp: new Date(Date.UTC(2024, 0, 1 + n)).toISOString(),
    };
  });
}

async function versionByVersion(store: PackageStore, where: string, versions: readonly HistoryVersion[]): Promise<void> {
  for (const version of versions) await store.save(where, version.list, { message: version.message });
}

async function recordSession(store: FileSessionStore | PostgresSessionStore, id: string): Promise<void> {
  const perTurn = Math.ceil(NODES / TURNS);
  for (let turn = 0; turn < TURNS; turn += 1) {
    const log = await store.open(id);
    for (let n = turn * perTurn; n < Math.min(NODES, (turn + 1) * perTurn); n += 1) {
      const node: LogRecord = {
        id: `${id}_${n}`,
        kind: 'call',
        name: 'step',
        seq: n + 1,
        turn: `turn_${turn}`,
        caller: null,
        predecessor: null,
        input: { topic: `topic ${n}` },
        status: 'running',
        createdAt: '2026-01-01T00:00:00.000Z',
      };
      log.append(node);
      log.append({ id: node.id, status: 'completed', output: `finding ${n}`, endedAt: '2026-01-01T00:00:00.005Z', durationMs: 5 });
    }
    await log.endTurn({ turnId: `turn_${turn}`, names: ['step'], nodeCount: NODES });
  }
}

try {
  const versions = history();
  const files = new GitPackageStore();
  const contexts = new PostgresPackageStore(database);
  let n = 0;
  const fresh = (prefix: string) => `${prefix}${(n += 1)}`;
  const pgOneByOne = await timeFunction(() => versionByVersion(contexts, fresh('postgres:///one_by_one_'), versions), runs, 0);
  const pgWhole = await timeFunction(() => contexts.saveHistory(fresh('postgres:///whole_'), versions), runs, 0);
  console.log(`# Saving a history of ${VERSIONS} versions of ${RECORDS} records into PostgreSQL, median of ${runs} runs`);
  console.log(row('version by version (reference)', pgOneByOne));
  console.log(row('saveHistory, one transaction', pgWhole, pgOneByOne));
  const epOneByOne = await timeFunction(() => versionByVersion(files, path.join(dir, `${fresh('one_by_one_')}.ep`), versions), runs, 0);
  const epWhole = await timeFunction(() => files.saveHistory(path.join(dir, `${fresh('whole_')}.ep`), versions), runs, 0);
  console.log(`# Saving the same history as a .ep package, median of ${runs} runs`);
  console.log(row('version by version (reference)', epOneByOne));
  console.log(row('saveHistory, one archive write', epWhole, epOneByOne));

  const fileSessions = new FileSessionStore({ home: path.join(dir, 'home') });
  const rowSessions = new PostgresSessionStore({ database, home: dir });
  await recordSession(fileSessions, 'exported');
  await recordSession(rowSessions, 'exported');
  const fileExport = await timeFunction(() => fileSessions.exportToFiles('exported', path.join(dir, fresh('copy_'))), runs, 1);
  const pgExport = await timeFunction(() => rowSessions.exportToFiles('exported', path.join(dir, fresh('export_'))), runs, 1);
  console.log(`# Exporting a session of ${NODES} nodes in ${TURNS} turns to the file format, median of ${runs} runs`);
  console.log(row('file store, a copy (reference)', fileExport));
  console.log(row('PostgreSQL store, rows to log and commits', pgExport, fileExport));
  console.log(loadAverageLine(atStart));
} finally {
  await database.close();
  await cluster.stop();
  rmSync(dir, { recursive: true, force: true });
}
