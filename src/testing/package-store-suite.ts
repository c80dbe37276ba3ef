import assert from 'node:assert/strict';
import path from 'node:path';
import { isEpError } from '../kernel/errors.js';
import { ScenarioList } from '../records/scenario-list.js';
import type { Scenario } from '../records/scenario.js';
import type { PackageStore } from '../storage/package-store-contract.js';
import { conformanceCase, type ConformanceSuite, type Subject, type SubjectContext } from './conformance-suite.js';

const RECORDS: readonly Scenario[] = [
  { key: 'preference.model', kind: 'preference', summary: 'Use the default model for pilots', weight: 0.5, tags: ['pilot', 'model'] },
  { key: 'study.pricing', kind: 'study', summary: 'Conjoint pricing pilot: 3 price points', nested: { n: 120, arms: [1, 2, 3] } },
  { key: 'note.unicode', kind: 'note', summary: 'café, привет, 🚀, "quotes" and \\ backslashes', empty: '', none: null },
];

/** Three versions with times in the past, in whole seconds (what a `.ep` commit keeps); the last repeats the first's records. */
const HISTORY: readonly { records: Scenario[]; message: string; timestamp: string }[] = [
  { records: [RECORDS[0]!], message: 'One record', timestamp: '2021-03-04T05:06:07.000Z' },
  { records: [...RECORDS], message: 'Three records', timestamp: '2022-01-02T03:04:05.000Z' },
  { records: [RECORDS[0]!], message: 'Back to one', timestamp: '2023-06-07T08:09:10.000Z' },
];

const records = (list: Iterable<Scenario>) => new ScenarioList([...list]);
const history = () =>
  HISTORY.map((version) => ({ list: records(version.records), message: version.message, timestamp: version.timestamp }));

/** A history whose source fails after `count` versions, as a package or a server gone mid-read would. */
async function* failingAfter(count: number) {
  yield* history().slice(0, count);
  throw new Error('the source went away');
}
const packagePath = (context: SubjectContext, name = 'context.ep') => path.join(context.dir, name);
const keysOf = (list: { toArray(): Scenario[] }) => list.toArray().map((record) => record.key);

/**
 * The `PackageStore` contract (`ep.PackageStore`): durable record lists with history, where a write either
 * lands whole or changes nothing, and writers under one package's lock never lose each other's changes.
 */
export interface PackageStoreConformanceOptions {
  /** The store implements `saveHistory`: whole histories saved at once, all or nothing, are checked. */
  readonly savesHistory?: boolean;
}

export function packageStoreConformance(subject: Subject<PackageStore>, options: PackageStoreConformanceOptions = {}): ConformanceSuite {
  const check = (name: string, body: (store: PackageStore, context: SubjectContext) => Promise<void>) =>
    conformanceCase(name, subject, body);
  const saveHistory = (store: PackageStore): NonNullable<PackageStore['saveHistory']> => {
    assert.equal(typeof store.saveHistory, 'function', 'the store has no saveHistory');
    return store.saveHistory!.bind(store);
  };
  const historyCases = [
    check('saves a whole history as a new package: every version, its message and its time', async (store, context) => {
      const file = packagePath(context, 'copy.ep');
      const saved = await saveHistory(store)(file, history());
      assert.deepEqual(
        saved.versions.map((version) => [version.message, version.timestamp]),
        HISTORY.map((version) => [version.message, version.timestamp]),
      );
      const log = [...(await store.log(file))].reverse();
      assert.deepEqual(
        log.map((entry) => [entry.commit, entry.message, entry.timestamp]),
        saved.versions.map((version) => [version.commit, version.message, version.timestamp]),
      );
      for (const [n, entry] of log.entries()) {
        assert.deepEqual((await store.load(file, { ref: entry.commit })).list.toArray(), HISTORY[n]!.records, `version ${n + 1}`);
      }
    }),
    check('a history refused part-way leaves no package, and saving it again succeeds', async (store, context) => {
      const file = packagePath(context, 'copy.ep');
      const refused = history();
      refused.splice(2, 0, {
        list: new ScenarioList([RECORDS[0]!, 'not a record' as never]),
        message: 'Refused',
        timestamp: HISTORY[1]!.timestamp,
      });
      await assert.rejects(saveHistory(store)(file, refused), (error: unknown) => isEpError(error) && error.code === 'INVALID_RECORD');
      await assert.rejects(store.log(file), (error: unknown) => isEpError(error) && error.code === 'FILE_NOT_FOUND');
      await assert.rejects(saveHistory(store)(file, failingAfter(2)), /the source went away/);
      await assert.rejects(store.load(file), (error: unknown) => isEpError(error) && error.code === 'FILE_NOT_FOUND');
      assert.equal((await saveHistory(store)(file, history())).versions.length, HISTORY.length);
      assert.equal((await store.log(file)).length, HISTORY.length);
    }),
    check('refuses to save a history over a package that exists, and leaves it as it was', async (store, context) => {
      const file = packagePath(context);
      await store.save(file, records(RECORDS), { message: 'Existing' });
      const log = await store.log(file);
      await assert.rejects(saveHistory(store)(file, history()), (error: unknown) => isEpError(error) && error.code === 'CONTEXT_EXISTS');
      await assert.rejects(
        saveHistory(store)(packagePath(context, 'empty.ep'), []),
        (error: unknown) => isEpError(error) && error.code === 'INVALID_HISTORY',
      );
      assert.deepEqual(await store.log(file), log);
      assert.deepEqual((await store.load(file)).list.toArray(), RECORDS);
    }),
  ];
  return {
    contract: 'PackageStore',
    cases: [
      check('loads what it saved, record for record', async (store, context) => {
        const file = packagePath(context);
        const saved = await store.save(file, records(RECORDS), { message: 'First records' });
        assert.equal(saved.status, 'ok');
        assert.equal(saved.message, 'First records');
        assert.equal(typeof saved.commit, 'string');
        const loaded = await store.load(file);
        assert.deepEqual(loaded.list.toArray(), RECORDS);
        assert.equal(loaded.commit, saved.commit);
      }),
      check('keeps every save in its history, newest first, each readable by its commit', async (store, context) => {
        const file = packagePath(context);
        const first = await store.save(file, records(RECORDS.slice(0, 1)), { message: 'One record' });
        const second = await store.save(file, records(RECORDS), { message: 'Three records' });
        assert.notEqual(first.commit, second.commit);
        const log = await store.log(file);
        assert.deepEqual(
          log.slice(0, 2).map((entry) => [entry.commit, entry.message]),
          [
            [second.commit, 'Three records'],
            [first.commit, 'One record'],
          ],
        );
        for (const entry of log) assert.ok(!Number.isNaN(Date.parse(entry.timestamp)), `log timestamp ${entry.timestamp} is not a date`);
        assert.deepEqual(keysOf((await store.load(file, { ref: first.commit })).list), [RECORDS[0]!.key]);
        assert.deepEqual(
          keysOf((await store.load(file)).list),
          RECORDS.map((record) => record.key),
        );
      }),
      check('saving the same content again is unchanged and adds no history', async (store, context) => {
        const file = packagePath(context);
        await store.save(file, records(RECORDS));
        const before = await store.log(file);
        const again = await store.save(file, records(RECORDS));
        assert.equal(again.status, 'unchanged');
        assert.equal((await store.log(file)).length, before.length);
      }),
      check('applies an update to the latest content', async (store, context) => {
        const file = packagePath(context);
        await store.save(file, records(RECORDS.slice(0, 2)));
        const result = await store.update(
          file,
          (latest) => latest.upsert('key', { key: 'study.pricing', kind: 'study', summary: 'revised' }),
          { message: 'Revise the pricing study' },
        );
        assert.equal(result.status, 'ok');
        assert.equal(result.message, 'Revise the pricing study');
        const loaded = (await store.load(file)).list;
        assert.deepEqual(keysOf(loaded), ['preference.model', 'study.pricing']);
        assert.equal(loaded.lookup('key', 'study.pricing')?.summary, 'revised');
      }),
      check('a failing update changes nothing', async (store, context) => {
        const file = packagePath(context);
        await store.save(file, records(RECORDS));
        const log = await store.log(file);
        await assert.rejects(
          store.update(file, () => {
            throw new Error('the change failed');
          }),
        );
        assert.deepEqual(await store.log(file), log);
        assert.deepEqual((await store.load(file)).list.toArray(), RECORDS);
      }),
      check('concurrent writers lose no update', async (store, context) => {
        const file = packagePath(context);
        await store.save(file, records(RECORDS.slice(0, 1)));
        const writers = Array.from({ length: 6 }, (_, n) =>
          store.update(file, (latest) => latest.upsert('key', { key: `concurrent.${n}`, kind: 'note', summary: `writer ${n}` }), {
            message: `Writer ${n}`,
          }),
        );
        await Promise.all(writers);
        const keys = keysOf((await store.load(file)).list);
        for (let n = 0; n < 6; n += 1)
          assert.ok(keys.includes(`concurrent.${n}`), `writer ${n}'s record was lost: ${JSON.stringify(keys)}`);
        assert.equal((await store.log(file)).length, 7, 'each writer adds one commit');
      }),
      check('diffs two commits by key', async (store, context) => {
        const file = packagePath(context);
        const first = await store.save(file, records(RECORDS.slice(0, 2)));
        const changed = { ...RECORDS[0]!, summary: 'changed' };
        const second = await store.save(file, records([changed, RECORDS[2]!]));
        const diff = await store.diff(file, first.commit, second.commit);
        assert.deepEqual(
          diff.added.map((record) => record.key),
          ['note.unicode'],
        );
        assert.deepEqual(
          diff.removed.map((record) => record.key),
          ['study.pricing'],
        );
        assert.deepEqual(
          diff.changed.map((change) => [change.key, change.after.summary]),
          [['preference.model', 'changed']],
        );
      }),
      check('refuses to load a package that does not exist, with an ep error', async (store, context) => {
        await assert.rejects(store.load(packagePath(context, 'missing.ep')), (error: unknown) => isEpError(error));
      }),
      ...(options.savesHistory ? historyCases : []),
    ],
  };
}
