/**
 * A research agent on the Vercel AI SDK with ep: `generateText` with ep's context tools, the model wrapped in
 * ep's session recording middleware, the whole run one agent function in an ep session. Offline: the model
 * is the SDK's own mock (`ai/test`). Prints one JSON summary on stdout:
 *
 *   node dist/examples/ai-sdk/main.js --task "plan the pricing pilot"
 *   ep session show <sessionId> --tree
 */
import { generateText, stepCountIs, wrapLanguageModel } from 'ai';
import { parseArgs } from 'node:util';
import { contextTools, sessionRecording, withContext } from '../../src/integrations/ai-sdk/index.js';
import { agentFunction, createEp } from '../../src/index.js';
import { ensureResearchContext } from '../shared/research-context.js';
import { researchModel } from './research-model.js';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { task: { type: 'string' }, session: { type: 'string' } } });
  const task = values.task ?? 'plan the pricing pilot';

  await using ep = await createEp();
  const activeContexts = await ensureResearchContext(ep);
  const model = wrapLanguageModel({ model: researchModel('pilot'), middleware: sessionRecording() });
  const tools = await contextTools(ep);

  const research = agentFunction(
    { name: 'research', instructions: 'Plan the task from the project context.' },
    async (input: { task: string }) => {
      const result = await generateText(
        await withContext(
          ep,
          { purpose: input.task, query: 'pilot', maxTokens: 400 },
          { model, tools, prompt: input.task, stopWhen: stepCountIs(3) },
        ),
      );
      return result.text;
    },
  );
  const run = await ep.sessions.run(() => research({ task }), values.session ? { sessionId: values.session } : {});

  const summary = { sessionId: run.sessionId, answer: run.result, tools: Object.keys(tools), activeContexts };
  process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
}

await main();
