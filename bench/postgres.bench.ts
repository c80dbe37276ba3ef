import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Database } from '../src/postgres/database.js';
import type { LogRecord } from '../src/sessions/call-node.js';
import { FileSessionStore } from '../src/sessions/store/file-session-store.js';
import { PostgresSessionStore } from '../src/sessions/store/postgres-session-store.js';
import { searchDocuments } from '../src/records/document-text.js';
import { ScenarioList } from '../src/records/scenario-list.js';
import type { Scenario } from '../src/records/scenario.js';
import { Bm25SearchEngine } from '../src/search/bm25/bm25-engine.js';
import { GitPackageStore } from '../src/storage/git-package-store.js';
import { PostgresPackageStore } from '../src/storage/postgres-package-store.js';
import { startPostgresCluster } from '../test/support/postgres-cluster.js';
import { benchRecords } from './support/storage-fixture.js';
import { row, timeFunction } from './support/measure.js';

/**
 * PostgreSQL stores against the embedded ones, measured in the same run on a throwaway local cluster:
 * - appending 100,000 session nodes (a start and a finish record each) and reading them back, against the file store;
 * - upserting one record into, and loading + BM25-searching, a 100,000-record context, against the `.ep` package.
 */
const NODES = Number(process.env.BENCH_PG_NODES ?? 100_000);
const RECORDS = Number(process.env.BENCH_PG_RECORDS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const dir = mkdtempSync(path.join(tmpdir(), 'ep-bench-pg-'));
const cluster = await startPostgresCluster();
const database = new Database({ url: cluster.url });

function nodeRecords(session: string): LogRecord[] {
  const records: LogRecord[] = [];
  for (let seq = 1; seq <= NODES; seq += 1) {
    const id = `${session}_${seq.toString(16).padStart(12, '0')}`;
    records.push({
      id,
      kind: 'call',
      name: 'step',
      seq,
      turn: 'turn_bench',
      caller: null,
      predecessor: null,
      input: { topic: `topic ${seq}`, depth: seq % 7 },
      status: 'running',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    records.push({ id, status: 'completed', output: `finding number ${seq}`, endedAt: '2026-01-01T00:00:00.005Z', durationMs: 5 });
  }
  return records;
}

try {
  const files = new FileSessionStore({ home: path.join(dir, 'home'), git: false });
  const rows = new PostgresSessionStore({ database, home: dir });
  let round = 0;
  const append = async (store: FileSessionStore | PostgresSessionStore) => {
    const session = `bench_${(round += 1)}`;
    const log = await store.open(session);
    for (const record of nodeRecords(session)) log.append(record);
    await log.endTurn({ turnId: 'turn_bench', names: ['step'], nodeCount: NODES });
    return session;
  };
  const fileAppend = await timeFunction(() => append(files), runs, 0);
  const pgAppend = await timeFunction(() => append(rows), runs, 0);
  console.log(`# Appending ${NODES} nodes (${2 * NODES} records) to one session, median of ${runs} runs`);
  console.log(row('file store (reference)', fileAppend));
  console.log(row('PostgreSQL store', pgAppend, fileAppend));
  const fileSession = await append(files);
  const pgSession = await append(rows);
  const fileRead = await timeFunction(() => files.read(fileSession), runs, 1);
  const pgRead = await timeFunction(() => rows.read(pgSession), runs, 1);
  console.log(`# Reading a session of ${NODES} nodes, median of ${runs} runs`);
  console.log(row('file store (reference)', fileRead));
  console.log(row('PostgreSQL store', pgRead, fileRead));

  const records = benchRecords(RECORDS);
  const packageFile = path.join(dir, 'context.ep');
  const packages = new GitPackageStore({ maxEntries: 2_000_000 });
  const contexts = new PostgresPackageStore(database);
  const contextName = 'postgres:///bench';
  await packages.save(packageFile, new ScenarioList(records), { message: 'Bench' });
  await contexts.save(contextName, new ScenarioList(records), { message: 'Bench' });
  let n = 0;
  const upsert = (store: GitPackageStore | PostgresPackageStore, where: string) => () =>
    store.update(where, (latest) => latest.upsert('key', { key: `note.${(n += 1) % RECORDS}`, kind: 'note', summary: `revised ${n}` }), {
      message: `Revise ${n}`,
    });
  const fileUpsert = await timeFunction(upsert(packages, packageFile), runs, 1);
  const pgUpsert = await timeFunction(upsert(contexts, contextName), runs, 1);
  console.log(`# Upserting one record into a ${RECORDS}-record context, median of ${runs} runs`);
  console.log(row('.ep package (reference)', fileUpsert));
  console.log(row('PostgreSQL context', pgUpsert, fileUpsert));
  const engine = new Bm25SearchEngine();
  const search = (list: Scenario[]) => engine.buildIndex(searchDocuments(list, undefined)).search('humanize back navigation');
  const fileSearch = await timeFunction(async () => search((await packages.load(packageFile)).list.toArray()), runs, 1);
  const pgSearch = await timeFunction(async () => search((await contexts.load(contextName)).list.toArray()), runs, 1);
  console.log(`# Loading and BM25-searching a ${RECORDS}-record context, median of ${runs} runs`);
  console.log(row('.ep package (reference)', fileSearch));
  console.log(row('PostgreSQL context', pgSearch, fileSearch));
} finally {
  await database.close();
  await cluster.stop();
  rmSync(dir, { recursive: true, force: true });
}
