import { isEpError, type Ep, type Scenario } from '../../src/index.js';

const CONTEXT_PACKAGE = 'research_context.ep';

/** What a project's context starts with when it has none: the framework examples search it. */
export const RESEARCH_RECORDS: Scenario[] = [
  { key: 'preference.pilot-model', kind: 'user_preference', summary: 'Use lower-cost models for pilot studies.', tags: ['pilot'] },
  { key: 'constraint.pilot-budget', kind: 'constraint', summary: 'Pilot budgets stay under 200 dollars.', tags: ['budget', 'pilot'] },
  { key: 'note.office', kind: 'note', summary: 'The office plants need water on Fridays.', tags: ['office'] },
];

/** The active context paths: the project's, or a new package seeded with {@link RESEARCH_RECORDS}. */
export async function ensureResearchContext(ep: Ep): Promise<string[]> {
  try {
    return (await ep.contexts.current()).active_context_paths;
  } catch (error) {
    if (!isEpError(error) || error.code !== 'CONTEXT_NOT_CONFIGURED') throw error;
    await ep.packages.save(CONTEXT_PACKAGE, RESEARCH_RECORDS, { message: 'Seed the research context' });
    return (await ep.contexts.use(CONTEXT_PACKAGE)).active_context_paths;
  }
}
