import path from 'node:path';
import { isEpError } from '../../src/kernel/errors.js';
import { FileSessionStore } from '../../src/sessions/store/file-session-store.js';
import type { SessionNode } from '../../src/sessions/call-node.js';
import { runAgentInSubprocess } from '../../src/sessions/subprocess.js';
import type { RunOutcome } from './session-driver.js';
import { REPO_ROOT, type EpWorld } from './world.js';

export const PLAN_DOCSTRING = 'Plan the pilot: name the sample, the budget and the timeline.';

/**
 * An agent module that prints on stdout every way agent code does: at its top level, with console.log and
 * process.stdout.write inside calls, from a timer and from an exit listener that outlive the call. `plan` is
 * a plain exported function (not decorated) with a docstring; `survey`, which it calls, is recorded by
 * `agentFunction`.
 */
function printingAgentSource(): string {
  const library = path.join(REPO_ROOT, 'dist/src/index.js');
  return `import { agentFunction, callModel } from ${JSON.stringify(library)};

console.log('printed at the top of the module');

const survey = agentFunction({ name: 'survey', instructions: 'Survey the topic in three lines.' }, async (input) => {
  process.stdout.write('printed by survey with process.stdout.write\\n');
  return callModel();
});

export async function plan(input) {
  ${JSON.stringify(PLAN_DOCSTRING)};
  console.log('printed by plan with console.log', input);
  process.stdout.write('printed by plan with process.stdout.write\\n');
  await survey({ topic: input.topic });
  return callModel();
}

export async function printLater() {
  setTimeout(() => console.log('printed by a timer after printLater returned'), 300);
  process.once('exit', () => process.stdout.write('printed by an exit listener\\n'));
  return 'returned';
}
`;
}

export async function writePrintingAgent(world: EpWorld, file: string): Promise<void> {
  await world.writeFile(file, printingAgentSource());
}

/** Runs `<file>#<export>` through runAgentInSubprocess from the scenario's directory, as a session run. */
export async function runInSubprocess(world: EpWorld, target: string, input: unknown): Promise<RunOutcome> {
  let outcome: RunOutcome;
  try {
    const run = await runAgentInSubprocess(target, input, { cwd: world.dir, env: { EP_HOME: world.home } });
    outcome = { entryPoint: 'a subprocess', sessionId: run.sessionId, output: run.output, prompts: [] };
  } catch (error) {
    if (!isEpError(error)) throw error;
    outcome = { entryPoint: 'a subprocess', error: { code: error.code, message: error.message }, prompts: [] };
  }
  world.values.set('runs', [...((world.values.get('runs') as RunOutcome[] | undefined) ?? []), outcome]);
  return outcome;
}

/** The nodes of the session the last `ep run` envelope names. */
export async function lastCommandSession(world: EpWorld): Promise<{ sessionId: string; nodes: SessionNode[] }> {
  const sessionId = world.lastEnvelope.data.sessionId as string;
  return { sessionId, nodes: (await new FileSessionStore({ home: world.home }).read(sessionId)).nodes };
}

/** The line of stderr holding `text`, or -1. */
export function stderrLine(world: EpWorld, text: string): number {
  return world.last!.stderr.split('\n').findIndex((line) => line.includes(text));
}
