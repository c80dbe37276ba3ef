import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { isEpError } from '../../../src/kernel/errors.js';
import { sessionStorePostgresPlugin } from '../../../src/plugins/session-store-postgres/session-store-postgres-plugin.js';
import { Database } from '../../../src/postgres/database.js';
import { SCHEMA_VERSION } from '../../../src/postgres/migrations.js';
import { FileSessionStore } from '../../../src/sessions/store/file-session-store.js';
import { PostgresSessionStore } from '../../../src/sessions/store/postgres-session-store.js';
import { SessionStore } from '../../../src/sessions/store/session-store.js';
import { fromPlugin, runConformance, sessionStoreConformance } from '../../../src/testing/index.js';
import { sharedPostgresCluster, stopSharedPostgresCluster, type PostgresCluster } from '../../support/postgres-cluster.js';

const WRITER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../support/postgres-session-writer.js');
const run = promisify(execFile);

let cluster: PostgresCluster;

// One cluster for the file, stopped (and removed) after its last test, whether the tests pass or not.
describe('sessions in PostgreSQL', async () => {
  before(async () => {
    cluster = await sharedPostgresCluster();
  });
  after(stopSharedPostgresCluster);

  await runConformance(
    sessionStoreConformance(
      async (context) => {
        const database = await sharedPostgresCluster().then((started) => started.database('conformance'));
        return fromPlugin(sessionStorePostgresPlugin, SessionStore, { options: { url: database } })(context);
      },
      { exportsToFiles: true },
    ),
    'builtin/session-store-postgres',
  );

  describe('PostgresSessionStore', () => {
    it('numbers the nodes of 8 processes x 50 appends into one session uniquely, in log order, losing none', async () => {
      const url = await cluster.database('concurrent');
      const sessionId = 'many-writers';
      const env = { ...process.env };
      delete env.NODE_TEST_CONTEXT;
      await Promise.all(
        Array.from({ length: 8 }, (_, writer) => run(process.execPath, [WRITER, url, sessionId, `w${writer}`, '50'], { env })),
      );
      const store = new PostgresSessionStore({ database: new Database({ url }), home: '/unused' });
      try {
        const { nodes, meta } = await store.read(sessionId);
        assert.equal(nodes.length, 400);
        assert.deepEqual(
          nodes.map((node) => node.seq),
          Array.from({ length: 400 }, (_, index) => index + 1),
        );
        assert.ok(nodes.every((node) => node.status === 'completed'));
        // Each writer's own nodes keep its order.
        for (let writer = 0; writer < 8; writer += 1) {
          const own = nodes.filter((node) => node.turn === `w${writer}`).map((node) => node.name);
          assert.deepEqual(
            own,
            Array.from({ length: 50 }, (_, n) => `w${writer}_${n}`),
          );
        }
        assert.equal(meta.turns, 8);
        const turns = await store.turns(sessionId);
        assert.deepEqual(
          turns.map((turn) => turn.number),
          [1, 2, 3, 4, 5, 6, 7, 8],
        );
        const records = await store.records(sessionId);
        assert.equal(records.length, 800);
        assert.equal(turns.at(-1)!.lastPosition, 800);
      } finally {
        await store.close();
      }
    });

    it('migrates a new database on first use, once, even when many processes start at once', async () => {
      const url = await cluster.database('first-use');
      const stores = Array.from({ length: 6 }, () => new PostgresSessionStore({ database: new Database({ url }), home: '/unused' }));
      try {
        await Promise.all(stores.map((store, n) => store.open(`first_${n}`)));
        const database = new Database({ url });
        const report = await database.migrateNow();
        await database.close();
        assert.deepEqual(report.applied, []);
        assert.equal(report.from, SCHEMA_VERSION);
      } finally {
        await Promise.all(stores.map((store) => store.close()));
      }
    });

    it('refuses a schema newer than it knows, and an older one when migrating is left to ep db migrate', async () => {
      const url = await cluster.database('versions');
      const database = new Database({ url });
      await database.migrateNow();
      await database.query(
        "INSERT INTO ep_schema_version (version, description, applied_at) VALUES ($1, 'from a later ep', now())",
        [SCHEMA_VERSION + 1],
        'test',
      );
      await database.close();
      const newer = new PostgresSessionStore({ database: new Database({ url }), home: '/unused' });
      await assert.rejects(
        newer.list(),
        (error: unknown) => isEpError(error) && error.code === 'DATABASE_SCHEMA_VERSION' && /newer/.test(error.message),
      );
      await newer.close();
      const fresh = await cluster.database('unmigrated');
      const manual = new PostgresSessionStore({ database: new Database({ url: fresh, migrate: false }), home: '/unused' });
      await assert.rejects(
        manual.list(),
        (error: unknown) => isEpError(error) && error.code === 'DATABASE_SCHEMA_VERSION' && /ep db migrate/.test(error.suggestion ?? ''),
      );
      await manual.close();
    });

    it("exports each turn as a commit of the log up to the turn's last record, at the time the turn ended", async () => {
      const url = await cluster.database('exported');
      const store = new PostgresSessionStore({ database: new Database({ url }), home: '/unused' });
      const home = await mkdtemp(path.join(tmpdir(), 'ep-pg-export-'));
      try {
        const log = await store.open('exported', { source: 'test' });
        const call = (id: string, seq: number) =>
          log.append({
            id,
            kind: 'call',
            name: id,
            seq,
            turn: 't',
            caller: null,
            predecessor: null,
            input: { seq },
            status: 'running',
            createdAt: '2021-01-01T00:00:00.000Z',
          });
        call('a', 1);
        call('b', 2);
        await log.endTurn({ turnId: 't1', names: ['a', 'b'], nodeCount: 2 });
        call('c', 3);
        await log.endTurn({ turnId: 't2', names: ['c'], nodeCount: 3 });
        // A call after the last turn, as a run cut short leaves it: in the log, in no commit.
        call('d', 4);
        const turns = await store.turns('exported');
        const exported = await store.exportToFiles('exported', home);
        assert.deepEqual([exported.turns, exported.nodes, exported.records], [2, 4, 4]);
        const git = async (args: string[]) => (await run('git', args, { cwd: exported.dir })).stdout.trim();
        assert.deepEqual((await git(['log', '--format=%ct %s'])).split('\n'), [
          `${Math.floor(Date.parse(turns[1]!.endedAt) / 1000)} ${turns[1]!.message}`,
          `${Math.floor(Date.parse(turns[0]!.endedAt) / 1000)} ${turns[0]!.message}`,
        ]);
        assert.equal((await git(['show', 'HEAD~1:history/nodes.jsonl'])).split('\n').length, 2);
        assert.equal((await git(['show', 'HEAD:history/nodes.jsonl'])).split('\n').length, 3);
        const copy = await new FileSessionStore({ home }).read('exported');
        assert.deepEqual(copy.nodes, (await store.read('exported')).nodes);
        assert.equal(copy.meta.turns, 2);
        await assert.rejects(
          store.exportToFiles('missing', path.join(home, 'other')),
          (error: unknown) => isEpError(error) && error.code === 'SESSION_NOT_FOUND',
        );
        assert.equal(existsSync(path.join(home, 'other')), false);
      } finally {
        await store.close();
        await rm(home, { recursive: true, force: true });
      }
    });

    it('names a refused connection with DATABASE_UNREACHABLE and a bad URL with DATABASE_URL_INVALID', async () => {
      const refused = new PostgresSessionStore({ database: new Database({ url: 'postgres://ep@127.0.0.1:1/ep' }), home: '/unused' });
      await assert.rejects(
        refused.list(),
        (error: unknown) => isEpError(error) && error.code === 'DATABASE_UNREACHABLE' && error.exitCode === 6,
      );
      await refused.close();
      assert.throws(
        () => new Database({ url: 'mysql://db/x' }),
        (error: unknown) => isEpError(error) && error.code === 'DATABASE_URL_INVALID',
      );
    });
  });
});
