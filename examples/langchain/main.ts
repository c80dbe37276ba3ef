/**
 * A research agent on LangGraph with ep: a prebuilt ReAct agent with ep's context tools, ep's callback handler
 * recording its runs in an ep session, ep's store keeping what it learned in a `.ep` package. Offline: the
 * model is LangChain's fake chat model, taught to call tools. Prints one JSON summary on stdout:
 *
 *   node dist/examples/langchain/main.js --task "plan the pricing pilot"
 *   ep session show <sessionId> --tree
 */
import { HumanMessage } from '@langchain/core/messages';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { parseArgs } from 'node:util';
import { contextTools, EpSessionHandler, EpStore, withContext } from '../../src/integrations/langchain/index.js';
import { agentFunction, createEp } from '../../src/index.js';
import { ensureResearchContext } from '../shared/research-context.js';
import { ResearchChatModel } from './research-chat-model.js';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { task: { type: 'string' }, session: { type: 'string' } } });
  const task = values.task ?? 'plan the pricing pilot';

  await using ep = await createEp();
  const activeContexts = await ensureResearchContext(ep);
  const tools = await contextTools(ep);
  const store = new EpStore(ep, { path: 'agent_memory.ep' });
  const agent = createReactAgent({ llm: new ResearchChatModel('pilot'), tools, store, name: 'research_graph' });

  const research = agentFunction(
    { name: 'research', instructions: 'Plan the task from the project context.' },
    async (input: { task: string }) => {
      const messages = await withContext(ep, { purpose: input.task, query: 'pilot', maxTokens: 400 }, [new HumanMessage(input.task)]);
      const state = await agent.invoke({ messages }, { callbacks: [new EpSessionHandler()] });
      const answer = state.messages.at(-1)?.text ?? '';
      await store.put(['research', 'plans'], input.task, { task: input.task, answer });
      return answer;
    },
  );
  const run = await ep.sessions.run(() => research({ task }), values.session ? { sessionId: values.session } : {});
  const remembered = await store.search(['research'], { query: 'pilot budget' });

  const summary = {
    sessionId: run.sessionId,
    answer: run.result,
    tools: tools.map((tool) => tool.name),
    activeContexts,
    memory: remembered.map((item) => ({ namespace: item.namespace, key: item.key, score: item.score })),
  };
  process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
}

await main();
