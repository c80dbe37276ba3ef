import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ElasticlunrSearchEngine } from '../../src/search/elasticlunr/elasticlunr-engine.js';
import { isEpError } from '../../src/kernel/errors.js';

const documents = [
  { key: 'preference.humanize.navigation', summary: 'User prefers Back settings.' },
  { key: 'study.pricing-pilot-2026-07', summary: 'Conjoint pilot on subscriptions.' },
  { key: 'note', summary: 'running runs' },
];

describe('elasticlunr engine', () => {
  const index = new ElasticlunrSearchEngine().buildIndex(documents, { fields: ['key', 'summary'] });

  it('uses the context tokenizer: dotted and dashed keys match their words', () => {
    assert.deepEqual(
      index.search('humanize navigation').map((hit) => hit.index),
      [0],
    );
    assert.deepEqual(
      index.search('PILOT 2026').map((hit) => hit.index),
      [1],
    );
  });

  it('does not stem or drop stop words (its default pipeline is off)', () => {
    assert.deepEqual(index.search('run'), []);
    assert.deepEqual(
      index.search('running').map((hit) => hit.index),
      [2],
    );
    assert.deepEqual(
      index.search('on').map((hit) => hit.index),
      [1],
    );
  });

  it('gives nothing for an empty or unknown query, and applies topK', () => {
    assert.deepEqual(index.search(''), []);
    assert.deepEqual(index.search('zebra'), []);
    assert.equal(index.search('pilot settings', { topK: 1 }).length, 1);
  });

  it('weighs fields by their boosts', () => {
    const docs = [
      { title: 'notes', summary: 'pricing' },
      { title: 'pricing', summary: 'notes' },
    ];
    const plain = new ElasticlunrSearchEngine().buildIndex(docs).search('pricing');
    assert.equal(plain[0]!.score, plain[1]!.score);
    assert.deepEqual(
      plain.map((hit) => hit.index),
      [0, 1],
    );
    const boosted = new ElasticlunrSearchEngine({ boosts: { title: 3 } }).buildIndex(docs).search('pricing');
    assert.deepEqual(
      boosted.map((hit) => hit.index),
      [1, 0],
    );
  });

  it('indexes a field named id like any other', () => {
    const hits = new ElasticlunrSearchEngine()
      .buildIndex(
        [
          { id: 'alpha', summary: 'x' },
          { id: 'beta', summary: 'alpha' },
        ],
        { fields: ['id', 'summary'] },
      )
      .search('alpha');
    assert.deepEqual(hits.map((hit) => hit.index).sort(), [0, 1]);
    assert.deepEqual(new ElasticlunrSearchEngine().buildIndex([{ id: 'a' }, { id: 'b' }]).search('1'), []);
  });

  it('rejects a boost that is not a non-negative number', () => {
    assert.throws(
      () => new ElasticlunrSearchEngine({ boosts: { title: -1 } }),
      (error) => isEpError(error) && error.code === 'SEARCH_BOOST_INVALID',
    );
  });
});
