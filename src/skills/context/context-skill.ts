import type { ToolRegistry } from '../tool.js';
import { SkillDefinition, type SkillSpec } from '../skill-definition.js';

export const REQUEST_CONTEXT_TOOL = 'builtin/request-context';
export const QUERY_HISTORY_TOOL = 'builtin/query-history';
export const GET_CONTEXT_BUDGET_TOOL = 'builtin/get-context-budget';

/** The read-only skill through which an agent asks for context while it reasons. */
export const CONTEXT_SKILL: SkillSpec = Object.freeze({
  name: 'builtin/context',
  description: 'Request assembled context, search the history, and read the context budget. Read-only.',
  tools: [REQUEST_CONTEXT_TOOL, QUERY_HISTORY_TOOL, GET_CONTEXT_BUDGET_TOOL],
  readOnly: true,
});

export function buildContextSkill(registry: ToolRegistry): SkillDefinition {
  return SkillDefinition.build(CONTEXT_SKILL, registry);
}
