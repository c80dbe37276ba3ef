import { Given, Then, When } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import { execa } from 'execa';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { EpWorld } from '../support/world.js';
import { ScenarioList } from '../../src/records/scenario-list.js';
import type { Scenario } from '../../src/records/scenario.js';
import { loadScenarioContext, updateScenarioContext } from '../../src/api/scenario-context.js';
import type { LoadedPackage, SaveResult } from '../../src/storage/package-store-contract.js';
import {
  archiveFiles,
  exists,
  keyedRecords,
  leftoverTempEntries,
  plainGit,
  richRecords,
  store,
  unpack,
  workerScript,
} from '../support/storage-driver.js';
import { assertArchiveShape, assertPythonJsonFiles, killWriterMidSave, leftoverFiles } from '../support/storage-checks.js';

const records = (world: EpWorld) => world.values.get('records') as Scenario[];
const loaded = (world: EpWorld) => world.values.get('loaded') as LoadedPackage;

async function save(world: EpWorld, file: string, list: Scenario[], message?: string): Promise<SaveResult> {
  const result = await store().save(world.resolve(file), new ScenarioList(list), message === undefined ? {} : { message });
  world.values.set('saveResult', result);
  return result;
}

async function tryLoad(world: EpWorld, file: string, ref?: string, options = {}): Promise<void> {
  world.values.delete('loadError');
  try {
    world.values.set('loaded', await store(options).load(world.resolve(file), ref === undefined ? {} : { ref }));
  } catch (error) {
    world.values.set('loadError', error);
  }
}

/** Loads at refs (one missing), reads history and upserts: every kind of call that unpacks a repository. */
async function exerciseStore(world: EpWorld, file: string): Promise<void> {
  await store().load(world.resolve(file), { ref: 'HEAD~0' });
  await store()
    .load(world.resolve(file), { ref: 'no-such-branch' })
    .catch(() => undefined);
  await store().log(world.resolve(file));
  await upsertKey(world, file, 'note.tmp', 'Temp check');
}

export async function upsertKey(world: EpWorld, file: string, key: string, message: string): Promise<void> {
  await updateScenarioContext(
    world.resolve(file),
    (context) => {
      context.upsert({ key, kind: 'note', summary: `A note for ${key}` });
    },
    { message },
  );
}

Given('records with unicode, nested objects, lists, nulls, integers and floats', function (this: EpWorld) {
  this.values.set('records', richRecords());
});

Given('{int} keyed records', function (this: EpWorld, count: number) {
  this.values.set('records', keyedRecords(count));
});

Given('a package {string} saved from {int} keyed records', async function (this: EpWorld, file: string, count: number) {
  this.values.set('records', keyedRecords(count));
  await save(this, file, keyedRecords(count));
});

Given('a package {string} saved from the records A, B and C', async function (this: EpWorld, file: string) {
  await save(this, file, [{ key: 'A' }, { key: 'B' }, { key: 'C' }]);
});

When('I save the records to {string}', async function (this: EpWorld, file: string) {
  await save(this, file, records(this));
});

When('I save the records to {string} with the message {string}', async function (this: EpWorld, file: string, message: string) {
  await save(this, file, records(this), message);
});

When('I save A edited, B, C and a copy of C to {string}', async function (this: EpWorld, file: string) {
  await save(this, file, [{ key: 'A', edited: true }, { key: 'B' }, { key: 'C' }, { key: 'C' }]);
});

When('I load {string}', async function (this: EpWorld, file: string) {
  this.values.set('loaded', await store().load(this.resolve(file)));
});

When('I load {string} at {string}', async function (this: EpWorld, file: string, ref: string) {
  await tryLoad(this, file, ref);
  if (this.values.has('loadError') && ref !== 'no-such-branch') throw this.values.get('loadError');
});

When('I try to load {string}', async function (this: EpWorld, file: string) {
  await tryLoad(this, file);
});

When('I try to load {string} at {string}', async function (this: EpWorld, file: string, ref: string) {
  await tryLoad(this, file, ref);
});

When('I try to load {string} allowing at most {int} members', async function (this: EpWorld, file: string, maxEntries: number) {
  await tryLoad(this, file, undefined, { maxEntries });
});

When(
  'I upsert the key {string} into {string} with the message {string}',
  async function (this: EpWorld, key: string, file: string, message: string) {
    await upsertKey(this, file, key, message);
  },
);

When(
  'I change {string}, remove {string} and add {string} in {string}',
  async function (this: EpWorld, changed: string, removed: string, added: string, file: string) {
    await store().update(
      this.resolve(file),
      (list) =>
        new ScenarioList([
          ...list
            .toArray()
            .filter((record) => record.key !== removed)
            .map((record) => (record.key === changed ? { ...record, summary: 'Changed' } : record)),
          { key: added, summary: 'Added' },
        ]),
    );
  },
);

When('I diff {string} from {string} to {string}', async function (this: EpWorld, file: string, from: string, to: string) {
  this.values.set('diff', await store().diff(this.resolve(file), from, to));
});

Given('a bare git repository {string}', async function (this: EpWorld, name: string) {
  await execa('git', ['init', '-q', '--bare', '-b', 'main', this.resolve(name)]);
});

When('I push {string} to {string}', async function (this: EpWorld, file: string, remote: string) {
  await store().push(this.resolve(file), this.resolve(remote));
});

When('I pull {string} into {string}', async function (this: EpWorld, remote: string, file: string) {
  await store().pull(this.resolve(file), this.resolve(remote));
});

Given('a file {string} that is not a zip archive', async function (this: EpWorld, file: string) {
  await this.writeFile(file, 'just some notes\n');
});

Then('the loaded records equal the saved records', function (this: EpWorld) {
  assert.deepEqual(loaded(this).list.toArray(), records(this));
});

Then("every scenario file in {string} is Python's JSON of its record", async function (this: EpWorld, file: string) {
  await assertPythonJsonFiles(this.resolve(file), records(this));
});

Then('the save status is {string}', function (this: EpWorld, status: string) {
  assert.equal((this.values.get('saveResult') as SaveResult).status, status);
});

Then(
  '{string} unpacks to a clean git worktree whose HEAD commit is {string} by {string}',
  async function (this: EpWorld, file: string, message: string, author: string) {
    const dir = await unpack(this, this.resolve(file));
    assert.equal(await plainGit(dir, ['status', '--porcelain']), '');
    assert.equal(await plainGit(dir, ['log', '-1', '--format=%s|%an <%ae>|%cn <%ce>']), `${message}|${author}|${author}`);
    assert.equal(await plainGit(dir, ['rev-parse', '--abbrev-ref', 'HEAD']), 'main');
  },
);

Then('{string} holds only sorted regular files, no hooks, and has mode {int}', async function (this: EpWorld, file: string, mode: number) {
  await assertArchiveShape(this.resolve(file), mode);
});

Then('the history of {string} has {int} commit(s)', async function (this: EpWorld, file: string, count: number) {
  assert.equal((await store().log(this.resolve(file))).length, count);
});

Then('the latest commit message of {string} is {string}', async function (this: EpWorld, file: string, message: string) {
  assert.equal((await store().log(this.resolve(file)))[0]!.message, message);
});

Then('every commit of {string} has an ISO-8601 UTC timestamp', async function (this: EpWorld, file: string) {
  for (const entry of await store().log(this.resolve(file))) {
    assert.match(entry.timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    assert.match(entry.commit, /^[0-9a-f]{40}$/);
  }
});

Then('the scenario order of {string} is {string}', async function (this: EpWorld, file: string, order: string) {
  const files = await archiveFiles(this.resolve(file));
  assert.deepEqual(JSON.parse(new TextDecoder().decode(files['manifest.json'])).scenario_order, order.split(','));
});

Then('{string} has no file {string}', async function (this: EpWorld, file: string, member: string) {
  assert.equal((await archiveFiles(this.resolve(file)))[member], undefined);
});

Then(
  'the diff adds {string}, removes {string} and changes {string}',
  function (this: EpWorld, added: string, removed: string, changed: string) {
    const diff = this.values.get('diff') as { by: string; added: Scenario[]; removed: Scenario[]; changed: Array<{ key: string }> };
    assert.equal(diff.by, 'key');
    assert.deepEqual(
      diff.added.map((record) => record.key),
      [added],
    );
    assert.deepEqual(
      diff.removed.map((record) => record.key),
      [removed],
    );
    assert.deepEqual(
      diff.changed.map((change) => change.key),
      [changed],
    );
  },
);

Then('{string} has the same records and history as {string}', async function (this: EpWorld, copy: string, original: string) {
  const [a, b] = await Promise.all([store().load(this.resolve(copy)), store().load(this.resolve(original))]);
  assert.deepEqual(a.list.toArray(), b.list.toArray());
  assert.deepEqual(await store().log(this.resolve(copy)), await store().log(this.resolve(original)));
});

Then('loading fails with {string} naming {string}', function (this: EpWorld, code: string, file: string) {
  const error = this.values.get('loadError') as { code?: string; message: string; details?: { path?: string } } | undefined;
  assert.ok(error, 'loading should have failed');
  assert.equal(error.code, code, error.message);
  assert.ok(error.message.includes(file), `"${error.message}" should name ${file}`);
  assert.equal(error.details?.path, this.resolve(file));
});

Given('a package {string} with a member {}', async function (this: EpWorld, file: string, kind: string) {
  const { unsafeArchive } = await import('../support/storage-hostile-fixtures.js');
  await writeFile(this.resolve(file), unsafeArchive(kind));
});

Then('nothing was written outside the project directory', async function (this: EpWorld) {
  assert.equal(await exists(path.join(path.dirname(this.dir), 'escape.txt')), false);
  assert.equal(await exists('/tmp/absolute.txt'), false);
});

Given('a package {string} whose git config, attributes and hooks all touch a marker file', async function (this: EpWorld, file: string) {
  const { writeHostilePackage } = await import('../support/storage-hostile-fixtures.js');
  await writeHostilePackage(this.resolve(file), this.resolve('MARKER'));
});

When('I load, search, upsert into, log and diff {string}', async function (this: EpWorld, file: string) {
  const context = await loadScenarioContext(this.resolve(file));
  assert.ok(context.search('summary').length > 0);
  await upsertKey(this, file, 'note.hostile', 'Upsert into a hostile package');
  assert.equal((await store().log(this.resolve(file))).length, 3);
  assert.equal((await store().diff(this.resolve(file), 'HEAD~2', 'HEAD')).added.length, 1);
});

Then('the marker file does not exist', async function (this: EpWorld) {
  assert.equal(await exists(this.resolve('MARKER')), false);
});

When(
  '{int} processes each upsert {int} records into {string} at the same time',
  async function (this: EpWorld, processes: number, count: number, file: string) {
    await Promise.all(
      Array.from({ length: processes }, (_, i) =>
        execa(process.execPath, [workerScript('context-upsert-worker'), this.resolve(file), `worker${i}`, String(count)]),
      ),
    );
  },
);

Then('{string} holds {int} records', async function (this: EpWorld, file: string, count: number) {
  const list = (await store().load(this.resolve(file))).list;
  assert.equal(list.length, count);
  assert.equal(new Set(list.toArray().map((record) => record.key)).size, count);
});

When('a process saving {int} records to {string} is killed mid-save', async function (this: EpWorld, count: number, file: string) {
  this.values.set('killed', await killWriterMidSave(this.resolve(file), count));
});

Then('{string} loads with either {int} or {int} records', async function (this: EpWorld, file: string, before: number, after: number) {
  assert.equal(this.values.get('killed'), true, 'the writer was killed, not finished');
  const list = (await store().load(this.resolve(file))).list;
  assert.ok([before, after].includes(list.length), `${list.length} records`);
});

Then('a new save to {string} succeeds', async function (this: EpWorld, file: string) {
  const result = await store({ lockTimeoutMs: 30_000 }).update(this.resolve(file), (list) => list.upsert('key', { key: 'after.crash' }));
  assert.equal(result.status, 'ok');
  assert.ok((await store().load(this.resolve(file))).list.lookup('key', 'after.crash'));
});

Then('no temporary package directories are left behind', async function (this: EpWorld) {
  const left = await leftoverTempEntries(this, () => exerciseStore(this, 'data.ep'));
  assert.deepEqual(left, []);
  assert.equal((this.values.get('loadError') as { code?: string } | undefined)?.code, 'REF_NOT_FOUND');
});

Then('no temporary file is left beside {string}', async function (this: EpWorld, file: string) {
  assert.deepEqual(await leftoverFiles(this.dir, [`.${file}.tmp-`, `${file}.lock`]), []);
});

When('I load {string} through the runtime', async function (this: EpWorld, file: string) {
  const { loadPackage } = await import('../../src/api/packages.js');
  this.values.set('loaded', await loadPackage(this.resolve(file), { cwd: this.dir }));
});

Given(
  'a package {string} pushed to a bare repository {string} and pulled into {string}',
  async function (this: EpWorld, file: string, remote: string, copy: string) {
    await save(this, file, keyedRecords(3));
    await execa('git', ['init', '-q', '--bare', '-b', 'main', this.resolve(remote)]);
    await store().push(this.resolve(file), this.resolve(remote));
    await store().pull(this.resolve(copy), this.resolve(remote));
  },
);

When('I try to pull {string} into {string}', async function (this: EpWorld, remote: string, file: string) {
  this.values.set(
    'remoteError',
    await store()
      .pull(this.resolve(file), this.resolve(remote))
      .then(
        () => undefined,
        (error: unknown) => error,
      ),
  );
});

When('I try to push {string} to {string}', async function (this: EpWorld, file: string, remote: string) {
  this.values.set(
    'remoteError',
    await store()
      .push(this.resolve(file), remote)
      .then(
        () => undefined,
        (error: unknown) => error,
      ),
  );
});

Then('the remote call fails with {string}', function (this: EpWorld, code: string) {
  assert.equal((this.values.get('remoteError') as { code?: string } | undefined)?.code, code);
});

When('I tag {string} of {string} as {string}', async function (this: EpWorld, ref: string, file: string, name: string) {
  await store().tag(this.resolve(file), name, { ref });
});

When('I restore {string} to {string}', async function (this: EpWorld, file: string, ref: string) {
  assert.equal((await store().restore(this.resolve(file), ref)).status, 'ok');
});
