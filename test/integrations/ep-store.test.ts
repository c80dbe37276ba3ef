import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { EpStore } from '../../src/integrations/langchain/index.js';
import { createEp, type Ep } from '../../src/index.js';

let dir: string;
let ep: Ep;

before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ep-store-'));
  ep = await createEp({ cwd: dir, env: { EP_HOME: path.join(dir, 'home') } });
});

after(async () => {
  await ep.shutdown();
  await rm(dir, { recursive: true, force: true });
});

describe('EpStore: a LangGraph store in a .ep package', () => {
  it('reads nothing from a package that does not exist yet', async () => {
    const store = new EpStore(ep, { path: 'absent.ep' });
    assert.equal(await store.get(['a'], 'b'), null);
    assert.deepEqual(await store.search([]), []);
  });

  it('puts, gets, updates and deletes, keeping the first write time', async () => {
    const store = new EpStore(ep, { path: 'crud.ep' });
    await store.put(['users', 'u/1'], 'food.pref', { text: 'pasta' });
    const first = await store.get(['users', 'u/1'], 'food.pref');
    await store.put(['users', 'u/1'], 'food.pref', { text: 'risotto' });
    const second = await store.get(['users', 'u/1'], 'food.pref');
    assert.deepEqual(second?.value, { text: 'risotto' });
    assert.equal(second?.createdAt.getTime(), first?.createdAt.getTime());
    const { list } = await ep.packages.load('crud.ep');
    assert.deepEqual(
      list.toArray().map((record) => record.key),
      ['users/u%2F1/food.pref'],
    );
    await store.delete(['users', 'u/1'], 'food.pref');
    assert.equal(await store.get(['users', 'u/1'], 'food.pref'), null);
    assert.equal((await ep.packages.log('crud.ep')).length, 3);
  });

  it('keeps namespaces apart that a plain join would confuse', async () => {
    const store = new EpStore(ep, { path: 'apart.ep' });
    await store.put(['a'], 'b/c', { n: 1 });
    await store.put(['a', 'b'], 'c', { n: 2 });
    assert.deepEqual((await store.get(['a'], 'b/c'))?.value, { n: 1 });
    assert.deepEqual((await store.get(['a', 'b'], 'c'))?.value, { n: 2 });
    assert.deepEqual(
      (await store.search(['a', 'b'])).map((item) => item.value),
      [{ n: 2 }],
    );
  });

  it('searches a namespace prefix with BM25 over the indexed fields, and filters', async () => {
    const store = new EpStore(ep, { path: 'search.ep' });
    await store.batch([
      { namespace: ['docs', 'x'], key: 'one', value: { title: 'pricing pilot', body: 'budget', rank: 1 } },
      { namespace: ['docs', 'y'], key: 'two', value: { title: 'office plants', body: 'pricing', rank: 2 }, index: ['title'] },
      { namespace: ['other'], key: 'three', value: { title: 'pricing pilot pricing' } },
      { namespace: ['docs', 'x'], key: 'four', value: { title: 'pricing' }, index: false },
    ]);
    const found = await store.search(['docs'], { query: 'pricing pilot' });
    assert.deepEqual(
      found.map((item) => item.key),
      ['one'],
    );
    assert.ok((found[0]?.score ?? 0) > 0);
    assert.deepEqual(
      (await store.search(['docs'], { filter: { rank: { $gte: 2 } } })).map((item) => item.key),
      ['two'],
    );
    assert.deepEqual(
      (await store.search([], { limit: 2, offset: 1 })).map((item) => item.key),
      ['two', 'three'],
    );
  });

  it('runs a batch as one commit whose reads see the writes before them', async () => {
    const store = new EpStore(ep, { path: 'batch.ep' });
    const [, seen, , gone] = await store.batch([
      { namespace: ['n'], key: 'k', value: { v: 1 } },
      { namespace: ['n'], key: 'k' },
      { namespace: ['n'], key: 'k', value: null },
      { namespace: ['n'], key: 'k' },
    ]);
    assert.deepEqual((seen as { value: unknown }).value, { v: 1 });
    assert.equal(gone, null);
    assert.equal((await ep.packages.log('batch.ep')).length, 1);
  });

  it('lists namespaces by prefix and suffix conditions, to a depth', async () => {
    const store = new EpStore(ep, { path: 'namespaces.ep' });
    await store.batch([
      { namespace: ['users', '1', 'food'], key: 'k', value: { v: 1 } },
      { namespace: ['users', '2', 'travel'], key: 'k', value: { v: 1 } },
      { namespace: ['teams', '1', 'food'], key: 'k', value: { v: 1 } },
    ]);
    assert.deepEqual(await store.listNamespaces({ prefix: ['users'] }), [
      ['users', '1', 'food'],
      ['users', '2', 'travel'],
    ]);
    assert.deepEqual(await store.listNamespaces({ suffix: ['*', 'food'] }), [
      ['teams', '1', 'food'],
      ['users', '1', 'food'],
    ]);
    assert.deepEqual(await store.listNamespaces({ maxDepth: 1 }), [['teams'], ['users']]);
  });
});
