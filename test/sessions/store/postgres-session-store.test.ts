import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { isEpError } from '../../../src/kernel/errors.js';
import { sessionStorePostgresPlugin } from '../../../src/plugins/session-store-postgres/session-store-postgres-plugin.js';
import { Database } from '../../../src/postgres/database.js';
import { SCHEMA_VERSION } from '../../../src/postgres/migrations.js';
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
    sessionStoreConformance(async (context) => {
      const database = await sharedPostgresCluster().then((started) => started.database('conformance'));
      return fromPlugin(sessionStorePostgresPlugin, SessionStore, { options: { url: database } })(context);
    }, { exportsToFiles: true }),
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
