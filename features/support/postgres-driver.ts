import { After, AfterAll } from '@cucumber/cucumber';
import { execa, type ResultPromise } from 'execa';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Database } from '../../src/postgres/database.js';
import { PostgresSessionStore } from '../../src/sessions/store/postgres-session-store.js';
import { sharedPostgresCluster, stopSharedPostgresCluster, type PostgresCluster } from '../../test/support/postgres-cluster.js';
import { EP_BIN, REPO_ROOT, type EpWorld } from './world.js';

// One cluster per cucumber worker, started by the first scenario that needs it; each scenario has its own database.
AfterAll(stopSharedPostgresCluster);

let started: PostgresCluster | undefined;

// A scenario that stops the server leaves it running again for the next, even when it fails midway.
After(async function () {
  if (started && !started.running) await started.resume();
});

export const STEP_AGENT = `${path.join(REPO_ROOT, 'dist/features/support/step-agent.js')}#StepAgent.steps`;

let databases = 0;

/** A fresh database in the worker's cluster, remembered as the scenario's. */
export async function scenarioDatabase(world: EpWorld): Promise<string> {
  const cluster = (started = await sharedPostgresCluster());
  const url = await cluster.database(`scenario_${process.pid}_${(databases += 1)}`);
  world.values.set('databaseUrl', url);
  return url;
}

export function databaseUrl(world: EpWorld): string {
  const url = world.values.get('databaseUrl') as string | undefined;
  if (!url) throw new Error('The scenario has no database yet.');
  return url;
}

export function cluster(): Promise<PostgresCluster> {
  return sharedPostgresCluster();
}

/** EP_HOME of one named "machine": its own directory, sharing nothing on disk with the others. */
export function machineHome(world: EpWorld, machine: string): string {
  return world.resolve(`machine-${machine}/.ep-home`);
}

/** Runs `ep` with the scenario's database chosen by EP_DATABASE_URL, as `machine` (its own EP_HOME). */
export function epOnDatabase(world: EpWorld, args: string[], machine = 'a') {
  return world.ep(args, { env: { EP_DATABASE_URL: databaseUrl(world), EP_HOME: machineHome(world, machine) } });
}

/** The step agent started as its own `ep run` process, not awaited. */
export function startSteps(world: EpWorld, sessionId: string, writer: string, count: number, pauseMs = 0): ResultPromise {
  const input = JSON.stringify({ writer, count, pauseMs });
  return execa(process.execPath, [EP_BIN, 'run', STEP_AGENT, '--input', input, '--session', sessionId], {
    cwd: world.dir,
    env: { EP_DATABASE_URL: databaseUrl(world), EP_HOME: machineHome(world, writer), TMPDIR: path.join(world.dir, '.tmp') },
    reject: false,
    stdin: 'ignore',
    timeout: 120_000,
  });
}

/** Reads a session straight from the database (not through the CLI under test). */
export async function readDatabaseSession(world: EpWorld, sessionId: string) {
  const store = new PostgresSessionStore({ database: new Database({ url: databaseUrl(world) }), home: world.home });
  try {
    return { ...(await store.read(sessionId)), turns: await store.turns(sessionId), records: await store.records(sessionId) };
  } finally {
    await store.close();
  }
}

/**
 * Waits until another connection to the scenario's database is inside a transaction that has written (it
 * holds a transaction id): a write under way and not yet committed.
 */
export async function writeUnderWay(world: EpWorld, timeoutMs = 60_000): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl(world) });
  await client.connect();
  try {
    for (const started = Date.now(); Date.now() - started < timeoutMs; await sleep(25)) {
      const { rows } = await client.query<{ writing: number }>(
        `SELECT count(*)::int AS writing FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_xid IS NOT NULL`,
      );
      if (rows[0]!.writing > 0) return;
    }
    throw new Error(`No write began in the scenario's database within ${timeoutMs} ms.`);
  } finally {
    await client.end();
  }
}
