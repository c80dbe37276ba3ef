import { Then } from '@cucumber/cucumber';
import assert from 'node:assert/strict';
import type { Scenario } from '../../src/records/scenario.js';
import { referenceRanking, sameScore, seedLine } from '../support/bm25-reference.js';
import type { EpWorld } from '../support/world.js';

const activePackages = (world: EpWorld) => world.values.get('active-packages') as { shown: string; records: Scenario[] }[];
const matchesOf = (envelope: any): { score: number; context_path: string; scenario: Scenario }[] => envelope.data.matches;

/** The matches of `ep context search` for the last command's query, leaving the last command's result in place. */
async function searchAside(world: EpWorld, topK: number) {
  const last = world.last;
  const matches = matchesOf(
    (await world.ep(['context', 'search', '--query', world.lastEnvelope.data.query, '--top-k', String(topK)])).envelope,
  );
  world.last = last;
  return matches;
}

Then(
  'the matches and scores equal an independent BM25 over the active packages concatenated, top {int}',
  async function (this: EpWorld, topK: number) {
    const expected = await referenceRanking(activePackages(this), this.lastEnvelope.data.query, topK);
    const actual = matchesOf(this.lastEnvelope);
    assert.ok(expected.length > 1, 'the query should match several records');
    assert.deepEqual(
      actual.map((m) => [m.scenario.key, m.context_path]),
      expected.map((m) => [m.key, m.context_path]),
    );
    actual.forEach((match, i) => assert.ok(sameScore(match.score, expected[i]!.score), `${match.score} vs ${expected[i]!.score}`));
  },
);

Then('match {int} is {string} from {string}', function (this: EpWorld, rank: number, key: string, file: string) {
  const match = matchesOf(this.lastEnvelope)[rank - 1]!;
  assert.deepEqual([match.scenario.key, match.context_path], [key, file]);
});

Then('the pack shows the matches of the same search with --top-k {int}, in rank order', async function (this: EpWorld, topK: number) {
  const packed = this.lastEnvelope.data;
  const matches = await searchAside(this, topK);
  assert.deepEqual(
    packed.prompt_context.split('\n'),
    matches.map((match) => seedLine(match.scenario)),
  );
  assert.deepEqual(
    packed.included,
    matches.map((match) => ({ key: match.scenario.key, context_path: match.context_path })),
  );
});

Then(
  'no line of the same search fits in {int} characters, and the top one is shown cut short, ending in {string}',
  async function (this: EpWorld, budget: number, marker: string) {
    const packed = this.lastEnvelope.data;
    const lines = (await searchAside(this, 8)).map((match) => seedLine(match.scenario));
    assert.ok(lines.length > 1 && lines.every((line) => [...line].length > budget), lines.join('\n'));
    assert.equal(packed.prompt_context, `${[...lines[0]!].slice(0, budget - marker.length).join('')}${marker}`);
  },
);
