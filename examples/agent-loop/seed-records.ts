import type { Scenario } from '../../src/index.js';

/** What a new project's context starts with when it has none. */
export const SEED_RECORDS: Scenario[] = [
  {
    key: 'preference.pilot-model',
    kind: 'user_preference',
    summary: 'Use lower-cost models for pilot studies.',
    tags: ['models', 'pilot'],
  },
  { key: 'constraint.pilot-budget', kind: 'constraint', summary: 'Pilot budgets stay under 200 dollars.', tags: ['budget', 'pilot'] },
  { key: 'note.office', kind: 'note', summary: 'The office plants need water on Fridays.', tags: ['office'] },
];
