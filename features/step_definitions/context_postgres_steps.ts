import { Given, Then, When } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import { execa } from 'execa';
import { Database } from '../../src/postgres/database.js';
import { ScenarioList } from '../../src/records/scenario-list.js';
import { GitPackageStore } from '../../src/storage/git-package-store.js';
import { PostgresPackageStore } from '../../src/storage/postgres-package-store.js';
import { isEpError } from '../../src/kernel/errors.js';
import { cluster, databaseUrl, epOnDatabase, writeUnderWay } from '../support/postgres-driver.js';
import { assertPythonJsonFiles } from '../support/storage-checks.js';
import { plainGit, unpack, workerScript } from '../support/storage-driver.js';
import type { EpWorld } from '../support/world.js';

async function withContextStore<T>(world: EpWorld, body: (store: PostgresPackageStore) => Promise<T>): Promise<T> {
  const database = new Database({ url: databaseUrl(world) });
  try {
    return await body(new PostgresPackageStore(database));
  } finally {
    await database.close();
  }
}

When(
  '{int} processes each upsert {int} records into {string} at once',
  async function (this: EpWorld, processes: number, count: number, context: string) {
    const runs = await Promise.all(
      Array.from({ length: processes }, (_, n) =>
        execa(process.execPath, [workerScript('context-upsert-worker'), context, `w${n}`, String(count)], {
          cwd: this.dir,
          env: { EP_DATABASE_URL: databaseUrl(this), EP_HOME: this.home },
          reject: false,
        }),
      ),
    );
    for (const run of runs) assert.equal(run.exitCode, 0, `${run.stdout}\n${run.stderr}`);
  },
);

Then(
  '{string} holds {int} records, {int} from each process, in {int} versions',
  async function (this: EpWorld, context: string, total: number, each: number, versions: number) {
    await withContextStore(this, async (store) => {
      const keys = (await store.load(context)).list.toArray().map((record) => record.key as string);
      assert.equal(keys.length, total);
      assert.equal(new Set(keys).size, total);
      for (const writer of new Set(keys.map((key) => key.split('.')[0]!))) {
        assert.deepEqual(
          keys.filter((key) => key.startsWith(`${writer}.`)),
          Array.from({ length: each }, (_, n) => `${writer}.${n}`),
        );
      }
      assert.equal((await store.log(context)).length, versions);
    });
  },
);

Given(
  'a package {string} of {int} notes imported into {string}',
  async function (this: EpWorld, file: string, count: number, context: string) {
    const topics = ['pricing pilot', 'survey design', 'pilot survey of prices', 'moons', 'tides and pricing', 'panel survey'];
    const notes = Array.from({ length: count }, (_, n) => ({
      key: `note.${n}`,
      summary: `${topics[n % topics.length]} note ${n}`,
      body: `${topics[(n * 7) % topics.length]} ${'detail '.repeat(n % 5)}`,
    }));
    await new GitPackageStore().save(this.resolve(file), new ScenarioList(notes), { message: 'Notes' });
    const run = await epOnDatabase(this, ['context', 'import', '--from', file, '--path', context]);
    assert.equal(run.envelope?.status, 'ok', run.stdout + run.stderr);
  },
);

When('I search {string} and {string} for {string}', async function (this: EpWorld, file: string, context: string, query: string) {
  const results = [];
  for (const where of [file, context]) {
    const run = await epOnDatabase(this, ['context', 'search', '--path', where, '--query', query, '--top-k', '40']);
    assert.equal(run.envelope?.status, 'ok', run.stdout + run.stderr);
    results.push(run.envelope.data.matches);
  }
  this.values.set('searches', results);
});

Then('both searches give the same records with the same scores', function (this: EpWorld) {
  const [fromFile, fromDatabase] = this.values.get('searches') as { score: number; scenario: { key: string } }[][];
  assert.ok(fromFile!.length > 10, 'the query matches many notes');
  const ranked = (matches: { score: number; scenario: { key: string } }[]) => matches.map((match) => [match.scenario.key, match.score]);
  assert.deepEqual(ranked(fromDatabase!), ranked(fromFile!));
});

Given(
  '{string} has had 3 upserts with the messages {string}, {string} and {string}',
  async function (this: EpWorld, context: string, first: string, second: string, third: string) {
    for (const [n, message] of [first, second, third].entries()) {
      const record = JSON.stringify({ key: `note.${n % 2}`, summary: `${message} version of the note`, weight: 1.5 });
      const run = await epOnDatabase(this, ['context', 'upsert', '--path', context, '--json', record, '--message', message]);
      assert.equal(run.envelope?.status, 'ok', run.stdout + run.stderr);
    }
  },
);

Then(
  "plain git reads {string} with the messages {string}, {string}, {string}, its files Python's JSON of the records",
  async function (this: EpWorld, file: string, newest: string, middle: string, oldest: string) {
    const unpacked = await unpack(this, this.resolve(file));
    assert.deepEqual((await plainGit(unpacked, ['log', '--format=%s'])).split('\n'), [newest, middle, oldest]);
    assert.equal(await plainGit(unpacked, ['status', '--porcelain']), '');
    const records = await withContextStore(this, async (store) => (await store.load('postgres:///team')).list.toArray());
    await assertPythonJsonFiles(this.resolve(file), records);
  },
);

Then(
  'every version of {string} holds the records of the same version of {string}',
  async function (this: EpWorld, context: string, file: string) {
    const files = new GitPackageStore();
    const packageLog = [...(await files.log(this.resolve(file)))].reverse();
    await withContextStore(this, async (store) => {
      const databaseLog = [...(await store.log(context))].reverse();
      assert.deepEqual(
        databaseLog.map((entry) => entry.message),
        packageLog.map((entry) => entry.message),
      );
      for (const [n, entry] of databaseLog.entries()) {
        const fromDatabase = (await store.load(context, { ref: entry.commit })).list.toArray();
        const fromFile = (await files.load(this.resolve(file), { ref: packageLog[n]!.commit })).list.toArray();
        assert.deepEqual(fromDatabase, fromFile, `version ${n + 1}`);
      }
    });
  },
);

Given('a package {string} of {int} versions saved over the years', async function (this: EpWorld, file: string, count: number) {
  const versions = Array.from({ length: count }, (_, n) => ({
    list: new ScenarioList(
      Array.from({ length: n + 1 }, (_, key) => ({ key: `note.${key}`, summary: `note ${key} as of version ${n + 1}` })),
    ),
    message: `Version ${n + 1}`,
    timestamp: new Date(Date.UTC(2019, 0, 1 + n * 9, 8, 30, 15)).toISOString(),
  }));
  await new GitPackageStore().saveHistory(this.resolve(file), versions);
});

When(
  'an import of {string} into {string} is under way and the server stops',
  async function (this: EpWorld, file: string, context: string) {
    // The schema is in place first: the only write the import makes is the copy itself.
    await withContextStore(this, (store) => store.log(context).catch(() => undefined));
    const run = epOnDatabase(this, ['context', 'import', '--from', file, '--path', context]);
    await writeUnderWay(this);
    await (await cluster()).halt();
    await run;
  },
);

Then('there is no context {string} once the server is back', async function (this: EpWorld, context: string) {
  await (await cluster()).resume();
  await withContextStore(this, async (store) => {
    await assert.rejects(store.log(context), (error: unknown) => isEpError(error) && error.code === 'FILE_NOT_FOUND');
  });
});

Then('the versions of {string} keep the times of the commits of {string}', async function (this: EpWorld, context: string, file: string) {
  const packageTimes = (await new GitPackageStore().log(this.resolve(file))).map((entry) => entry.timestamp);
  await withContextStore(this, async (store) => {
    assert.deepEqual(
      (await store.log(context)).map((entry) => entry.timestamp),
      packageTimes,
    );
  });
});
