/**
 * A research agent on the OpenAI Agents SDK with ep: an `Agent` with ep's context tools, run by the SDK's
 * runner inside an ep session, with ep's tracing processor recording the run. Offline: the model is one
 * implemented against the SDK's `Model` interface. Prints one JSON summary on stdout:
 *
 *   node dist/examples/openai-agents/main.js --task "plan the pricing pilot"
 *   ep session show <sessionId> --tree
 */
import { Agent, run, setTraceProcessors } from '@openai/agents-core';
import { parseArgs } from 'node:util';
import { contextTools, EpTracingProcessor, tracedModel, withContext } from '../../src/integrations/openai-agents/index.js';
import { agentFunction, createEp } from '../../src/index.js';
import { ensureResearchContext } from '../shared/research-context.js';
import { ResearchModel } from './research-model.js';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { task: { type: 'string' }, session: { type: 'string' } } });
  const task = values.task ?? 'plan the pricing pilot';

  await using ep = await createEp();
  const activeContexts = await ensureResearchContext(ep);
  // In place of the core package's console exporter; with @openai/agents, addTraceProcessor keeps its OpenAI exporter too.
  setTraceProcessors([new EpTracingProcessor()]);
  const tools = await contextTools(ep);
  const agent = new Agent({
    name: 'planner',
    instructions: 'Plan the task from the project context.',
    model: tracedModel(new ResearchModel('pilot'), 'research-model'),
    tools,
  });

  const research = agentFunction(
    { name: 'research', instructions: 'Plan the task from the project context.' },
    async (input: { task: string }) => {
      const result = await run(agent, await withContext(ep, { purpose: input.task, query: 'pilot', maxTokens: 400 }, input.task));
      return result.finalOutput ?? '';
    },
  );
  const session = await ep.sessions.run(() => research({ task }), values.session ? { sessionId: values.session } : {});

  const summary = { sessionId: session.sessionId, answer: session.result, tools: tools.map((tool) => tool.name), activeContexts };
  process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
}

await main();
