import assert from 'node:assert/strict';
import type { ContextPacker, PackResult } from '../context/package/context-packer.js';
import type { ScoredScenario } from '../records/scenario-list.js';
import { conformanceCase, type ConformanceSuite, type Subject } from './conformance-suite.js';

const MATCHES: readonly ScoredScenario[] = [
  { score: 3.2, scenario: { key: 'study.pricing', summary: 'Conjoint pricing pilot with three price points', content: 'x'.repeat(300) } },
  { score: 2.1, scenario: { key: 'preference.model', summary: 'Use the default model for pilots' } },
  { score: 1.4, scenario: { key: 'note.unicode', summary: 'café привет 🚀 — every code point counts once' } },
  { score: 0.7, scenario: { key: 'constraint.budget', summary: 'Keep pilots under 200 respondents' } },
];

const codePoints = (text: string) => [...text].length;

function assertConsistent(result: PackResult, matches: readonly ScoredScenario[], budget: number): void {
  assert.ok(
    codePoints(result.promptContext) <= budget,
    `${codePoints(result.promptContext)} characters rendered for a budget of ${budget}`,
  );
  const keys = matches.map((match) => match.scenario.key);
  let last = -1;
  for (const key of result.includedKeys) {
    const position = keys.indexOf(key, last + 1);
    assert.ok(position > last, `included keys ${JSON.stringify(result.includedKeys)} are not in rank order`);
    last = position;
  }
  if (result.includedPositions) {
    assert.deepEqual(
      result.includedPositions.map((position) => keys[position]),
      result.includedKeys,
    );
  }
  assert.equal(result.omitted, matches.length - result.includedKeys.length, 'omitted does not count the matches left out');
  if (result.includedKeys.length > 0) assert.ok(result.promptContext.length > 0, 'records were included but nothing was rendered');
}

/** The `ContextPacker` contract (`ep.ContextPacker`): ranked records into a prompt fragment within a character budget. */
export function packerConformance(subject: Subject<ContextPacker>): ConformanceSuite {
  const check = (name: string, body: (packer: ContextPacker) => void | Promise<void>) => conformanceCase(name, subject, body);
  return {
    contract: 'ContextPacker',
    cases: [
      check('renders nothing for no matches', (packer) => {
        const result = packer.pack({ matches: [], charBudget: 1000, keyField: 'key' });
        assert.equal(result.promptContext, '');
        assert.deepEqual(result.includedKeys, []);
        assert.equal(result.omitted, 0);
      }),
      check('includes every match, in rank order, when the budget allows', (packer) => {
        const result = packer.pack({ matches: MATCHES, charBudget: 100_000, keyField: 'key' });
        assertConsistent(result, MATCHES, 100_000);
        assert.deepEqual(
          result.includedKeys,
          MATCHES.map((match) => match.scenario.key),
        );
        assert.equal(result.truncated, false);
      }),
      check('never renders more characters than the budget, at any budget', (packer) => {
        for (const budget of [1, 10, 40, 80, 120, 200, 400, 1000]) {
          assertConsistent(packer.pack({ matches: MATCHES, charBudget: budget, keyField: 'key' }), MATCHES, budget);
        }
      }),
      check('renders each record under the key field it is told', (packer) => {
        const matches = MATCHES.map(({ score, scenario }) => ({
          score,
          scenario: { id: `id-${JSON.stringify(scenario.key)}`, summary: scenario.summary ?? '' },
        }));
        const result = packer.pack({ matches, charBudget: 100_000, keyField: 'id' });
        assert.deepEqual(
          result.includedKeys,
          matches.map((match) => match.scenario.id),
        );
      }),
    ],
  };
}
