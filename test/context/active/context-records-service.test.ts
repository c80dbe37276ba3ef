import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { activeContextSource } from '../../../src/context/active/active-context-source.js';
import { ContextRecordsService } from '../../../src/context/active/context-records-service.js';
import { LinePacker } from '../../../src/context/package/line-packer.js';
import { ScenarioList } from '../../../src/records/scenario-list.js';
import type { Scenario } from '../../../src/records/scenario.js';
import { Bm25SearchEngine } from '../../../src/search/bm25/bm25-engine.js';
import type { PackageChange } from '../../../src/storage/package-store-contract.js';

/** An in-memory store: packages by absolute path, one "commit" per changed write. */
function memoryStore(packages: Record<string, Scenario[]>) {
  const commits: Record<string, string[]> = {};
  return {
    commits,
    async load(file: string) {
      const records = packages[file];
      if (!records) throw Object.assign(new Error(`No package at ${file}.`), { code: 'FILE_NOT_FOUND' });
      return { path: file, ref: 'HEAD', commit: 'c', list: new ScenarioList(records), scenarioIds: [], warnings: [] };
    },
    async update(file: string, change: PackageChange, options: { message?: string } = {}) {
      const list = await change(new ScenarioList(packages[file] ?? []));
      packages[file] = list.toArray();
      (commits[file] ??= []).push(options.message ?? 'Save ScenarioList');
      return {
        status: 'ok' as const,
        path: file,
        commit: `c${commits[file].length}`,
        branch: 'main',
        message: options.message ?? '',
        list,
      };
    },
  };
}

/** Counts words as tokens, so budgets in the tests are easy to follow. */
const wordTokenizer = {
  name: 'words',
  exact: true,
  load: async () => ({ count: (text: string) => text.split(/\s+/).filter(Boolean).length }),
};

describe('ContextRecordsService', () => {
  let cwd = '';
  before(async () => {
    cwd = await mkdtemp(path.join(tmpdir(), 'ep-records-'));
  });
  after(() => rm(cwd, { recursive: true, force: true }));

  function service(packages: Record<string, Scenario[]>) {
    const store = memoryStore(Object.fromEntries(Object.entries(packages).map(([name, records]) => [path.join(cwd, name), records])));
    return {
      store,
      records: new ContextRecordsService({
        cwd,
        store: store as never,
        engine: new Bm25SearchEngine(),
        packer: new LinePacker(),
        tokenizer: wordTokenizer,
      }),
    };
  }

  it('packs greedily in rank order within an exact token budget', async () => {
    const { records } = service({
      'a.ep': [
        { key: 'k.long', kind: 'note', summary: 'pilot pilot pilot with a long explanation of many words here' },
        { key: 'k.short', kind: 'note', summary: 'pilot notes' },
      ],
    });
    const { data } = await records.pack({ query: 'pilot', tokenBudget: 6, paths: ['a.ep'] });
    assert.equal(data.prompt_context, '- [note] k.short: pilot notes');
    assert.equal(data.token_count, 5);
    assert.equal(data.omitted, 1);
    assert.deepEqual(data.included, [{ key: 'k.short', context_path: 'a.ep' }]);
  });

  it('packs the copy of a shared key from each package, naming its package, with or without positions from the packer', async () => {
    const packages = {
      'personal.ep': [
        { key: 'shared', summary: 'pilot plan mine' },
        { key: 'solo', summary: 'pilot pilot pilot' },
      ],
      'team.ep': [{ key: 'shared', summary: 'pilot plan of the team, longer' }],
    };
    const expected = [
      { key: 'solo', context_path: 'personal.ep' },
      { key: 'shared', context_path: 'personal.ep' },
      { key: 'shared', context_path: 'team.ep' },
    ];
    const { records } = service(packages);
    const { data, warnings } = await records.pack({ query: 'pilot', paths: ['personal.ep', 'team.ep'] });
    assert.deepEqual(data.included, expected);
    assert.deepEqual(
      warnings.map((warning) => warning.code),
      ['DUPLICATE_CONTEXT_KEY'],
    );
    const keysOnly = new LinePacker();
    const withoutPositions = {
      pack: (request: Parameters<LinePacker['pack']>[0]) => ({ ...keysOnly.pack(request), includedPositions: undefined }),
    };
    const plain = service(packages).store;
    const other = new ContextRecordsService({
      cwd,
      store: plain as never,
      engine: new Bm25SearchEngine(),
      packer: withoutPositions,
      tokenizer: wordTokenizer,
    });
    assert.deepEqual((await other.pack({ query: 'pilot', paths: ['personal.ep', 'team.ep'] })).data.included, expected);
  });

  it('feeds context requests one record per key, the one get returns', async () => {
    const project = path.join(cwd, 'project');
    await mkdir(path.join(project, '.edsl'), { recursive: true });
    await writeFile(
      path.join(project, '.edsl', 'context.json'),
      JSON.stringify({ active_context_paths: ['personal.ep', 'team.ep'], default_write_context_path: null }),
    );
    const store = memoryStore({
      [path.join(project, 'personal.ep')]: [{ key: 'shared', summary: 'mine' }, { summary: 'keyless' }],
      [path.join(project, 'team.ep')]: [{ key: 'team.only' }, { key: 'shared', summary: 'theirs' }],
    });
    const records = new ContextRecordsService({
      cwd: project,
      store: store as never,
      engine: new Bm25SearchEngine(),
      packer: new LinePacker(),
      tokenizer: wordTokenizer,
    });
    assert.deepEqual(await activeContextSource(() => records).load(), [{ key: 'shared', summary: 'mine' }, { key: 'team.only' }]);
    assert.equal((await records.get('shared')).data.scenario.summary, 'mine');
  });

  it('warns when not even a cut line fits the budget', async () => {
    const { records } = service({ 'a.ep': [{ key: 'k', summary: 'pilot' }] });
    const { data, warnings } = await records.pack({ query: 'pilot', charBudget: 3, paths: ['a.ep'] });
    assert.deepEqual([data.prompt_context, data.included, data.omitted], ['', [], 1]);
    assert.deepEqual(
      warnings.map((warning) => warning.code),
      ['NOTHING_PACKED'],
    );
  });

  it('packs the same lines with a token budget as without one, when the token budget is not what binds', async () => {
    const { records } = service({
      'a.ep': [
        { key: 'k.long', summary: 'pilot pilot pilot with a long explanation of many words here' },
        { key: 'k.short', summary: 'pilot notes' },
      ],
    });
    for (const charBudget of [30, 12]) {
      const plain = await records.pack({ query: 'pilot', charBudget, paths: ['a.ep'] });
      const both = await records.pack({ query: 'pilot', charBudget, tokenBudget: 100, paths: ['a.ep'] });
      assert.deepEqual(both.data.prompt_context, plain.data.prompt_context);
      assert.deepEqual([both.data.included, both.data.truncated], [plain.data.included, plain.data.truncated]);
    }
    assert.equal((await records.pack({ query: 'pilot', charBudget: 30, paths: ['a.ep'] })).data.prompt_context, '- k.short: pilot notes');
    assert.equal((await records.pack({ query: 'pilot', charBudget: 12, paths: ['a.ep'] })).data.prompt_context, '- k.lo [...]');
  });

  it('upserts into the write path with the message, validating before touching the store', async () => {
    const { records, store } = service({ 'w.ep': [{ key: 'k', summary: 'old' }] });
    await assert.rejects(records.upsert({ record: { key: 'other' }, key: 'k', path: 'w.ep' }), { code: 'KEY_MISMATCH' });
    assert.equal(store.commits[path.join(cwd, 'w.ep')], undefined);
    const { data } = await records.upsert({ record: { summary: 'new' }, key: 'k', message: 'Update k', path: 'w.ep' });
    assert.equal(data.status, 'updated');
    assert.deepEqual(store.commits[path.join(cwd, 'w.ep')], ['Update k']);
    assert.equal((await records.get('k', { paths: ['w.ep'] })).data.scenario.summary, 'new');
  });

  it('refuses a duplicate add', async () => {
    const { records } = service({ 'w.ep': [{ key: 'k' }] });
    await assert.rejects(records.add({ record: { key: 'k' }, path: 'w.ep' }), { code: 'DUPLICATE_KEY' });
  });

  it('rejects a zero top-k as a usage error', async () => {
    const { records } = service({ 'a.ep': [{ key: 'k' }] });
    await assert.rejects(records.search({ query: 'k', topK: 0, paths: ['a.ep'] }), { code: 'USAGE_ERROR', exitCode: 2 });
  });
});
