import assert from 'node:assert/strict';
import type { SearchDocument, SearchEngine, SearchHit, SearchIndexOptions, SearchQueryOptions } from '../search/search-engine.js';
import { conformanceCase, type ConformanceSuite, type Subject } from './conformance-suite.js';

const CORPUS: readonly SearchDocument[] = [
  { title: 'pricing pilot plan', body: 'a conjoint pricing pilot with three price points' },
  { title: 'survey navigation', body: 'let respondents go back in the survey' },
  { title: 'pricing notes', body: 'pricing pricing pricing: every study asks about pricing' },
  { title: 'model preference', body: 'use the default model for the pilot' },
  { title: 'unrelated', body: 'nothing about the query terms at all' },
];

/** Every hit names a real document once, scores are positive and finite, best first, ties in document order. */
function assertWellFormed(hits: readonly SearchHit[], size: number): void {
  const seen = new Set<number>();
  hits.forEach((hit, position) => {
    assert.ok(
      Number.isInteger(hit.index) && hit.index >= 0 && hit.index < size,
      `hit ${position} names document ${hit.index}, not one of 0..${size - 1}`,
    );
    assert.ok(!seen.has(hit.index), `document ${hit.index} is hit twice`);
    seen.add(hit.index);
    assert.ok(Number.isFinite(hit.score) && hit.score > 0, `hit ${position} has score ${hit.score}; hits need a finite score > 0`);
    const previous = hits[position - 1];
    if (previous) {
      assert.ok(previous.score >= hit.score, `hits are not best first: ${previous.score} before ${hit.score}`);
      if (previous.score === hit.score)
        assert.ok(previous.index < hit.index, `equal scores are not in document order: ${previous.index} before ${hit.index}`);
    }
  });
}

/**
 * The `SearchEngine` contract (`ep.SearchEngine`): what `ScenarioList.search`, `ep context search` and the
 * assembly pipeline rely on, whatever the ranking function.
 */
export function searchEngineConformance(subject: Subject<SearchEngine>): ConformanceSuite {
  const check = (name: string, body: (engine: SearchEngine) => void | Promise<void>) => conformanceCase(name, subject, body);
  return {
    contract: 'SearchEngine',
    cases: [
      check('has a name for listings', (engine) => {
        assert.equal(typeof engine.name, 'string');
        assert.ok(engine.name.length > 0, 'the engine name is empty');
      }),
      check('ranks matching documents only, best first', (engine) => {
        const index = engine.buildIndex(CORPUS);
        assert.equal(index.size, CORPUS.length);
        const hits = index.search('pricing');
        assertWellFormed(hits, CORPUS.length);
        assert.deepEqual(hits.map((hit) => hit.index).sort(), [0, 2], 'pricing occurs in documents 0 and 2 only');
        assert.equal(hits[0]?.index, 2, 'the document that says pricing five times ranks above the one that says it twice');
      }),
      check('breaks ties in document order', (engine) => {
        const same = { title: 'identical record', body: 'the same words' };
        const hits = engine.buildIndex([same, { title: 'other', body: 'else' }, same, same]).search('identical');
        assertWellFormed(hits, 4);
        assert.deepEqual(
          hits.map((hit) => hit.index),
          [0, 2, 3],
        );
      }),
      check('answers nothing over an empty corpus', (engine) => {
        const index = engine.buildIndex([]);
        assert.equal(index.size, 0);
        assert.deepEqual(index.search('anything'), []);
      }),
      check('answers nothing to an empty query or one no document contains', (engine) => {
        const index = engine.buildIndex(CORPUS);
        assert.deepEqual(index.search(''), []);
        assert.deepEqual(index.search('   '), []);
        assert.deepEqual(index.search('xylophone'), []);
      }),
      check('finds words in any script', (engine) => {
        const documents = [{ body: 'café au lait' }, { body: 'привет мир' }, { body: 'γειά σου κόσμε' }, { body: 'emoji 🚀 launch' }];
        const index = engine.buildIndex(documents);
        assert.deepEqual(
          index.search('café').map((hit) => hit.index),
          [0],
        );
        assert.deepEqual(
          index.search('привет').map((hit) => hit.index),
          [1],
        );
        assert.deepEqual(
          index.search('κόσμε').map((hit) => hit.index),
          [2],
        );
        assert.deepEqual(
          index.search('launch').map((hit) => hit.index),
          [3],
        );
        assertWellFormed(index.search('\ud800 lone surrogate'), documents.length);
      }),
      check('applies topK after ranking', (engine) => {
        const index = engine.buildIndex(CORPUS);
        const all = index.search('pricing pilot');
        assert.ok(all.length >= 3, 'pricing pilot matches documents 0, 2 and 3');
        assert.deepEqual(index.search('pricing pilot', { topK: 2 }), all.slice(0, 2));
        assert.deepEqual(index.search('pricing pilot', { topK: 1 }), all.slice(0, 1));
      }),
      check('indexes only the fields it is given', (engine) => {
        const documents = [
          { title: 'alpha', notes: 'secret' },
          { title: 'secret', notes: 'beta' },
        ];
        assert.deepEqual(
          engine
            .buildIndex(documents, { fields: ['title'] })
            .search('secret')
            .map((hit) => hit.index),
          [1],
        );
        assert.deepEqual(
          engine
            .buildIndex(documents, { fields: ['notes'] })
            .search('secret')
            .map((hit) => hit.index),
          [0],
        );
        assert.deepEqual(engine.buildIndex(documents, { fields: ['notes'] }).search('alpha'), []);
      }),
      check('answers a query the same way every time', (engine) => {
        const index = engine.buildIndex(CORPUS);
        const first = index.search('survey pilot pricing');
        for (let round = 0; round < 3; round += 1) assert.deepEqual(index.search('survey pilot pricing'), first);
        assert.deepEqual(
          engine.buildIndex(CORPUS).search('survey pilot pricing'),
          first,
          'a second index of the same corpus ranks differently',
        );
      }),
      check('searchOnce, where offered, gives the hits of an index', (engine) => {
        if (!engine.searchOnce) return;
        const queries: [string, SearchIndexOptions & SearchQueryOptions][] = [
          ['pricing', {}],
          ['pricing pilot', { topK: 2 }],
          ['survey', { fields: ['body'] }],
        ];
        for (const [query, options] of queries) {
          assert.deepEqual(
            engine.searchOnce(CORPUS, query, options),
            engine.buildIndex(CORPUS, options).search(query, options),
            `searchOnce and buildIndex().search disagree on ${JSON.stringify(query)}`,
          );
        }
      }),
    ],
  };
}
