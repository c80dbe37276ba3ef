import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SearchEngine } from '../../src/search/search-engine.js';
import { ToolRegistry } from '../../src/skills/tool.js';
import { withRuntime } from '../../src/runtime/runtime.js';

describe('search plugins in a runtime', () => {
  let cwd = '';
  before(async () => {
    cwd = await mkdtemp(path.join(tmpdir(), 'ep-search-'));
  });
  after(async () => rm(cwd, { recursive: true, force: true }));

  const records = [{ key: 'preference.humanize.navigation' }, { key: 'study.pricing-pilot' }];

  it('provides BM25 by default, and the tool ranks with it', async () => {
    await withRuntime({ cwd }, async (runtime) => {
      assert.equal(runtime.get(SearchEngine).name, 'bm25');
      const output = (await runtime
        .get(ToolRegistry)
        .call('builtin/search-records', { records, query: 'humanize', topK: 5 }, { readOnly: true })) as {
        engine: string;
        matches: Array<{ scenario: { key: string } }>;
      };
      assert.equal(output.engine, 'bm25');
      assert.deepEqual(
        output.matches.map((match) => match.scenario.key),
        ['preference.humanize.navigation'],
      );
    });
  });

  it('provides elasticlunr when the config chooses it, with boosts from its options', async () => {
    const config = {
      providers: { 'ep.SearchEngine': 'builtin/search-elasticlunr' },
      options: { 'builtin/search-elasticlunr': { boosts: { title: 3 } } },
    };
    await withRuntime({ cwd, config }, async (runtime) => {
      const engine = runtime.get(SearchEngine);
      assert.equal(engine.name, 'elasticlunr');
      const hits = engine
        .buildIndex([
          { title: 'notes', summary: 'pricing' },
          { title: 'pricing', summary: 'notes' },
        ])
        .search('pricing');
      assert.deepEqual(
        hits.map((hit) => hit.index),
        [1, 0],
      );
    });
  });
});
