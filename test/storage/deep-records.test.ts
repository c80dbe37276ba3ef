import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { unzipSync } from 'fflate';
import fc from 'fast-check';
import { ContextCorpus } from '../../src/context/active/context-corpus.js';
import { ScenarioContext } from '../../src/context/package/scenario-context.js';
import { isEpError } from '../../src/kernel/errors.js';
import { Bm25SearchEngine } from '../../src/search/bm25/bm25-engine.js';
import { GitPackageStore } from '../../src/storage/git-package-store.js';
import { topLevelScalars } from '../../src/storage/json/top-level-fields.js';
import { inTempDir, writePackage } from './bomb-fixtures.js';

const DEEP = 100_000;
const deepRecord = (key: string) =>
  Buffer.from(`{"key": "${key}", "kind": "note", "value": ${'['.repeat(DEEP)}${'{"a": 1}'}${']'.repeat(DEEP)}, "weight": 1.0}\n`);
const records = [{ key: 'note.alpha', summary: 'first' }, deepRecord('note.deep'), { key: 'note.beta', summary: 'second' }];
/** A context's services, given as a runtime would give them. */
const services = { store: new GitPackageStore(), engine: new Bm25SearchEngine() };
const member = async (file: string, name: string) => unzipSync(new Uint8Array(await readFile(file)))[name];
const tooDeep = (error: unknown) =>
  isEpError(error) &&
  error.code === 'LIMIT_EXCEEDED' &&
  error.details?.actual === DEEP + 2 &&
  error.details?.file === 'scenarios/000002.json';

describe('a stored record nested past the depth limit', () => {
  it('is left out of reads with a warning, and asking for it gives LIMIT_EXCEEDED', async () => {
    await inTempDir(async (dir) => {
      const file = await writePackage(dir, 'deep.ep', { records });
      const loaded = await new GitPackageStore().load(file);
      assert.equal(loaded.list.length, 3);
      assert.match(loaded.warnings.join('\n'), /scenarios\/000002\.json is nested 100002 levels deep \(the limit is 64\)/);
      const context = await ScenarioContext.load(file, services);
      assert.throws(() => context.get('note.deep'), tooDeep);
      assert.deepEqual(context.get('note.alpha'), { key: 'note.alpha', summary: 'first' });
      for (const query of ['note', 'deep', 'first second note deep']) {
        assert.ok(
          context.search(query).every((hit) => hit.scenario.key !== 'note.deep'),
          query,
        );
      }
      assert.deepEqual(
        context.search('first').map((hit) => hit.scenario.key),
        ['note.alpha'],
      );
    });
  });

  it('is carried byte for byte when other records are written, and replaced when its own key is', async () => {
    await inTempDir(async (dir) => {
      const file = await writePackage(dir, 'deep.ep', { records });
      const stored = await member(file, 'scenarios/000002.json');
      await ScenarioContext.update(
        file,
        (context) => {
          context.upsert({ key: 'note.gamma', summary: 'third' });
        },
        services,
      );
      await ScenarioContext.update(
        file,
        (context) => {
          context.upsert({ key: 'note.alpha', summary: 'changed' });
        },
        services,
      );
      assert.deepEqual(await member(file, 'scenarios/000002.json'), stored);
      const manifest = JSON.parse(new TextDecoder().decode(await member(file, 'manifest.json')));
      assert.deepEqual(manifest.scenario_order, ['000005', '000002', '000003', '000004']);
      await ScenarioContext.update(
        file,
        (context) => {
          context.upsert({ key: 'note.deep', summary: 'flat now' });
        },
        services,
      );
      const context = await ScenarioContext.load(file, services);
      assert.equal(context.get('note.deep')!.summary, 'flat now');
      assert.equal(context.get('note.deep')!.kind, undefined, 'an upsert replaces the record');
      assert.equal(await member(file, 'scenarios/000002.json'), undefined);
    });
  });

  it('is replaced by an upsert of its key even when what it shows of itself is all that is given', async () => {
    await inTempDir(async (dir) => {
      const bare = Buffer.from(`{"key": "note.deep", "value": ${'['.repeat(DEEP)}${']'.repeat(DEEP)}}\n`);
      const file = await writePackage(dir, 'bare.ep', { records: [bare] });
      let status = '';
      await ScenarioContext.update(
        file,
        (context) => {
          status = context.upsert({ key: 'note.deep' }).status;
        },
        services,
      );
      assert.equal(status, 'updated');
      assert.equal((await ScenarioContext.load(file, services)).get('note.deep')!.key, 'note.deep');
    });
  });

  it("keeps its key in a corpus of several packages: get resolves to it and fails, the other package's copy is searched", async () => {
    await inTempDir(async (dir) => {
      const deep = (await new GitPackageStore().load(await writePackage(dir, 'deep.ep', { records }))).list.toArray();
      const corpus = new ContextCorpus([
        { shown: 'deep.ep', records: deep },
        { shown: 'other.ep', records: [{ key: 'note.deep', summary: 'readable' }] },
      ]);
      assert.throws(() => corpus.get('note.deep'), tooDeep);
      assert.match(corpus.warningsFor(['note.deep'])[0]!.message, /is in deep\.ep and other\.ep/);
      const matches = corpus.search(new Bm25SearchEngine(), 'readable note', {});
      assert.deepEqual(matches.map((match) => `${match.scenario.key}@${match.context_path}`).sort(), [
        'note.alpha@deep.ep',
        'note.beta@deep.ep',
        'note.deep@other.ep',
      ]);
    });
  });
});

describe('topLevelScalars', () => {
  it('gives the top-level strings, numbers, booleans and nulls of any JSON object', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 4 })), fc.boolean(), (object, pretty) => {
        const text = JSON.stringify(object, null, pretty ? 2 : undefined);
        const parsed = JSON.parse(text) as Record<string, unknown>;
        const scalars = Object.fromEntries(Object.entries(parsed).filter(([, value]) => value === null || typeof value !== 'object'));
        assert.deepEqual(topLevelScalars(text), scalars);
      }),
    );
  });

  it("reads past values nested a million deep without recursion, and Python's NaN and Infinity", () => {
    const text = `{"deep": ${'[{"x": "]}"}, '.repeat(1_000_000)}1${']'.repeat(1_000_000)}, "key": "k", "n": NaN, "m": -Infinity}`;
    assert.deepEqual(topLevelScalars(text), { key: 'k', n: NaN, m: -Infinity });
  });

  it('answers undefined for text it cannot follow', () => {
    for (const text of ['', '[1]', '{"a" 1}', '{"a": [1}', '{"a": tru}', '{"a": 1,', '{"a": "unterminated}'])
      assert.equal(topLevelScalars(text), undefined, text);
  });
});
