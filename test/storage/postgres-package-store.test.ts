import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { isEpError } from '../../src/kernel/errors.js';
import { Database } from '../../src/postgres/database.js';
import { ScenarioList } from '../../src/records/scenario-list.js';
import { PostgresPackageStore } from '../../src/storage/postgres-package-store.js';
import { packageStoreConformance, runConformance } from '../../src/testing/index.js';
import { sharedPostgresCluster, stopSharedPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';

const WRITER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../support/postgres-context-writer.js');
const run = promisify(execFile);

let cluster: PostgresCluster;

// One cluster for the file, stopped (and removed) after its last test, whether the tests pass or not.
describe('context records in PostgreSQL', async () => {
  before(async () => {
    cluster = await sharedPostgresCluster();
  });
  after(stopSharedPostgresCluster);

  // The kit names packages by file path; the PostgreSQL store itself takes any name (the plugin routes file paths to .ep files).
  await runConformance(
    packageStoreConformance(
      async (context) => {
        const database = new Database({ url: await (await sharedPostgresCluster()).database('conformance') });
        context.onCleanup(() => database.close());
        return new PostgresPackageStore(database);
      },
      { savesHistory: true },
    ),
    'PostgresPackageStore',
  );

  describe('PostgresPackageStore', () => {
    it('keeps every upsert of 8 processes x 50, one version each', async () => {
      const url = await cluster.database('upserts');
      const context = `${url}/team`;
      const env = { ...process.env };
      delete env.NODE_TEST_CONTEXT;
      await Promise.all(
        Array.from({ length: 8 }, (_, writer) => run(process.execPath, [WRITER, url, context, `w${writer}`, '50'], { env })),
      );
      const database = new Database({ url });
      try {
        const store = new PostgresPackageStore(database);
        const keys = (await store.load(context)).list.toArray().map((record) => record.key as string);
        assert.equal(keys.length, 400);
        assert.equal(new Set(keys).size, 400);
        for (let writer = 0; writer < 8; writer += 1) {
          const own = keys.filter((key) => key.startsWith(`w${writer}.`));
          assert.deepEqual(
            own,
            Array.from({ length: 50 }, (_, n) => `w${writer}.${n}`),
          );
        }
        const log = await store.log(context);
        assert.equal(log.length, 400);
        assert.equal(log[0]!.commit, 'v400');
        assert.equal((await store.load(context, { ref: 'v1' })).list.length, 1);
      } finally {
        await database.close();
      }
    });

    it('reads any version back whole and keeps record text exactly, numbers included', async () => {
      const database = new Database({ url: await cluster.database('versions') });
      try {
        const store = new PostgresPackageStore(database);
        const name = 'postgres:///notes';
        await store.save(name, new ScenarioList([{ key: 'a', n: 1 }]), { message: 'one' });
        await store.update(name, (latest) => latest.upsert('key', { key: 'a', n: 2 }), { message: 'two' });
        await store.update(name, (latest) => latest.upsert('key', { key: 'b', n: 3 }), { message: 'three' });
        assert.deepEqual((await store.load(name, { ref: 'v1' })).list.toArray(), [{ key: 'a', n: 1 }]);
        assert.deepEqual((await store.load(name, { ref: 'HEAD~1' })).list.toArray(), [{ key: 'a', n: 2 }]);
        assert.deepEqual((await store.load(name)).list.toArray(), [
          { key: 'a', n: 2 },
          { key: 'b', n: 3 },
        ]);
        assert.deepEqual(
          (await store.log(name)).map((entry) => entry.message),
          ['three', 'two', 'one'],
        );
        await assert.rejects(store.load(name, { ref: 'v9' }), (error: unknown) => isEpError(error) && error.code === 'REF_NOT_FOUND');
        await assert.rejects(store.push(name), (error: unknown) => isEpError(error) && error.code === 'NOT_SUPPORTED');
      } finally {
        await database.close();
      }
    });

    it('a server stopped mid-way through a history save leaves no context; saved again, every version keeps its time', async () => {
      const database = new Database({ url: await cluster.database('history') });
      const name = 'postgres:///imported';
      const versions = Array.from({ length: 12 }, (_, n) => ({
        list: new ScenarioList(Array.from({ length: n + 1 }, (_, key) => ({ key: `k${key}`, n: 1.5 }))),
        message: `version ${n + 1}`,
        timestamp: new Date(Date.UTC(2020, 0, n + 1, 12, 0, 0, 250)).toISOString(),
      }));
      // The server is stopped after five versions are written in the save's transaction, before the sixth.
      async function* stoppingAfterFive() {
        for (const [n, version] of versions.entries()) {
          if (n === 5) await cluster.halt();
          yield version;
        }
      }
      try {
        const store = new PostgresPackageStore(database);
        await assert.rejects(
          store.saveHistory(name, stoppingAfterFive()),
          (error: unknown) => isEpError(error) && error.code === 'DATABASE_CONNECTION_LOST',
        );
        await cluster.resume();
        await assert.rejects(store.load(name), (error: unknown) => isEpError(error) && error.code === 'FILE_NOT_FOUND');
        const saved = await store.saveHistory(name, versions);
        assert.equal(saved.versions.length, 12);
        const log = [...(await store.log(name))].reverse();
        assert.deepEqual(
          log.map((entry) => [entry.message, entry.timestamp]),
          versions.map((version) => [version.message, version.timestamp]),
        );
        assert.equal((await store.load(name, { ref: 'v5' })).list.length, 5);
        assert.deepEqual((await store.load(name)).list.toArray(), versions[11]!.list.toArray());
      } finally {
        if (!cluster.running) await cluster.resume();
        await database.close();
      }
    });
  });
});
