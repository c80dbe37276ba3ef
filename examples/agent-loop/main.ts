/**
 * An agent loop on the `ep` library API, with one runtime for the whole run:
 *
 *   1. choose the active context (a new package from a few records when the project has none);
 *   2. request context for the task;
 *   3. run the agent function in a session (a new one, or the one named by --session);
 *   4. upsert what it learned into the write context.
 *
 * Prints one JSON summary on stdout. Run it twice to continue the session:
 *
 *   node dist/examples/agent-loop/main.js --task "choose a model for the pricing pilot"
 *   node dist/examples/agent-loop/main.js --task "size the pricing pilot" --session <sessionId>
 */
import { parseArgs } from 'node:util';
import { createEp, isEpError, type Ep } from '../../src/index.js';
import { Planner } from './planner.js';
import { SEED_RECORDS } from './seed-records.js';

const CONTEXT_PACKAGE = 'agent_context.ep';

async function chooseContext(ep: Ep): Promise<string[]> {
  try {
    return (await ep.contexts.current()).active_context_paths;
  } catch (error) {
    if (!isEpError(error) || error.code !== 'CONTEXT_NOT_CONFIGURED') throw error;
    await ep.packages.save(CONTEXT_PACKAGE, SEED_RECORDS, { message: 'Seed the agent context' });
    return (await ep.contexts.use(CONTEXT_PACKAGE)).active_context_paths;
  }
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 48);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { task: { type: 'string' }, session: { type: 'string' } } });
  const task = values.task ?? 'choose a model for the pricing pilot';

  await using ep = await createEp();
  const activeContexts = await chooseContext(ep);

  const assembled = await ep.context.request({ purpose: task, query: task });

  const planner = new Planner();
  const run = await ep.sessions.run(() => planner.plan({ task }), values.session ? { sessionId: values.session } : {});

  const learned = {
    key: `learned.${slug(task)}`,
    kind: 'note',
    summary: run.result,
    tags: ['learned'],
    session: run.sessionId,
    turn: run.turnId,
  };
  const written = await ep.contexts.upsert({ record: learned, message: `Learned from session ${run.sessionId}` });

  const { meta } = await ep.sessions.show(run.sessionId);
  process.stdout.write(
    `${JSON.stringify(
      {
        activeContexts,
        contextFragments: assembled.fragments.length,
        sessionId: run.sessionId,
        created: run.created,
        turns: meta.turns,
        answer: run.result,
        learnedKey: learned.key,
        writtenTo: written.data.context_path,
        writeStatus: written.data.status,
      },
      null,
      2,
    )}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${isEpError(error) ? `${error.code}: ${error.message}` : String(error)}\n`);
  process.exitCode = 1;
});
