import type { AgentInputItem } from '@openai/agents-core';
import type { ContextRequestInit, Ep } from '../../index.js';

/**
 * The run's input with the assembled context as a system message before it, under the request's budget
 * (`maxTokens`): `run(agent, await withContext(ep, { purpose, maxTokens: 800 }, 'Plan the pilot'))`.
 * Nothing is added when nothing matched.
 */
export async function withContext(ep: Ep, request: ContextRequestInit, input: string | AgentInputItem[]): Promise<AgentInputItem[]> {
  const items: AgentInputItem[] = typeof input === 'string' ? [{ role: 'user', content: input }] : input;
  const section = await ep.context.forPrompt(request);
  return section === '' ? items : [{ role: 'system', content: section }, ...items];
}
