import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ContextCorpus } from '../../../src/context/active/context-corpus.js';
import { recordToWrite } from '../../../src/context/active/record-input.js';
import { displayPath } from '../../../src/context/active/package-path.js';
import { ScenarioList } from '../../../src/records/scenario-list.js';
import type { Scenario } from '../../../src/records/scenario.js';
import { Bm25SearchEngine } from '../../../src/search/bm25/bm25-engine.js';

const engine = new Bm25SearchEngine();
const words = ['pilot', 'pricing', 'conjoint', 'survey', 'humanize', 'consent', 'budget', 'model'];

const recordArb = fc.record({
  key: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'),
  summary: fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 6 }).map((list) => list.join(' ')),
});
// Keys from a small set, so packages share keys and a package may hold a key twice.
const packageArb = fc.array(recordArb, { maxLength: 6 });

describe('ContextCorpus', () => {
  it('ranks several packages exactly as one list of all their records, each match naming its package', () => {
    fc.assert(
      fc.property(fc.array(packageArb, { minLength: 1, maxLength: 3 }), fc.constantFrom(...words), (packages, query) => {
        const corpus = new ContextCorpus(packages.map((records, i) => ({ shown: `p${i}.ep`, records })));
        const expected = new ScenarioList(packages.flat()).search(query, { engine, includeScores: true });
        const actual = corpus.search(engine, query, {});
        assert.deepEqual(
          actual.map((match) => [match.scenario, match.score]),
          expected.map((match) => [match.scenario, match.score]),
        );
        for (const match of actual)
          assert.equal(match.context_path, `p${packages.findIndex((records) => records.includes(match.scenario as never))}.ep`);
      }),
    );
  });

  it('gets a key present in two packages from the first, naming the other', () => {
    const corpus = new ContextCorpus([
      { shown: 'personal.ep', records: [{ key: 'k', summary: 'mine' }] },
      { shown: 'team.ep', records: [{ key: 'k', summary: 'theirs' }, { key: 'other' }] },
    ]);
    assert.deepEqual(corpus.get('k'), { record: { key: 'k', summary: 'mine' }, origin: 'personal.ep', others: ['team.ep'] });
    assert.deepEqual(corpus.get('other'), { record: { key: 'other' }, origin: 'team.ep', others: [] });
    assert.deepEqual(corpus.warningsFor(['k'], 'got'), [
      { code: 'DUPLICATE_CONTEXT_KEY', message: 'Key "k" is also in team.ep; this is the record in personal.ep.' },
    ]);
    assert.match(corpus.warningsFor()[0]!.message, /^Key "k" is in personal\.ep and team\.ep; each package's record is ranked on its own/);
    assert.deepEqual(corpus.warningsFor(['other']), []);
  });

  it('reports no duplicate for a key one package holds twice, and resolves every key to its first record', () => {
    const corpus = new ContextCorpus([
      { shown: 'a.ep', records: [{ key: 'k', n: 1 }, { summary: 'keyless' }, { key: 'k', n: 2 }] },
      { shown: 'b.ep', records: [{ key: 'j' }, { key: 'k', n: 3 }] },
    ]);
    assert.equal(corpus.length, 5);
    assert.deepEqual(corpus.duplicates.get('k'), ['a.ep', 'b.ep']);
    assert.deepEqual(corpus.resolved(), [{ key: 'k', n: 1 }, { key: 'j' }]);
    assert.deepEqual(new ContextCorpus([{ shown: 'a.ep', records: [{ key: 'k' }, { key: 'k' }] }]).duplicates.size, 0);
  });

  it('sums up duplicate warnings past twenty', () => {
    const records: Scenario[] = Array.from({ length: 25 }, (_, i) => ({ key: `k${i}` }));
    const corpus = new ContextCorpus([
      { shown: 'a.ep', records },
      { shown: 'b.ep', records },
    ]);
    assert.equal(corpus.warningsFor().length, 21);
    assert.match(corpus.warningsFor()[20]!.message, /^5 more keys/);
  });
});

describe('recordToWrite', () => {
  it('fills a missing key from --key and accepts an agreeing one', () => {
    assert.deepEqual(recordToWrite({ summary: 's' }, 'key', 'note.a'), { summary: 's', key: 'note.a' });
    assert.deepEqual(recordToWrite({ key: 'note.a' }, 'key', 'note.a'), { key: 'note.a' });
  });

  it('refuses non-objects, missing keys and contradicting keys with specific codes', () => {
    assert.throws(() => recordToWrite([1], 'key'), { code: 'INVALID_RECORD' });
    assert.throws(() => recordToWrite('text', 'key'), { code: 'INVALID_RECORD' });
    assert.throws(() => recordToWrite({ summary: 's' }, 'key'), { code: 'MISSING_KEY' });
    assert.throws(() => recordToWrite({ key: 'note.b' }, 'key', 'note.a'), { code: 'KEY_MISMATCH', exitCode: 2 });
  });
});

describe('displayPath', () => {
  it('shows paths relative to the working directory unless the absolute form is shorter', () => {
    assert.equal(displayPath('/projects/study/analysis/notebooks', '/projects/study/research.ep'), '../../research.ep');
    assert.equal(displayPath('/p', '/p/ctx/team.ep'), 'ctx/team.ep');
    assert.equal(displayPath('/home/user/projects/deep/dir', '/t.ep'), '/t.ep');
  });
});
