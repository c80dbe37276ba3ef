import { execa, type ResultPromise } from 'execa';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { EP_BIN, REPO_ROOT, type EpWorld } from './world.js';

/** Records about a pricing pilot; `pilot-plan` is the one the scenarios look at. */
export const PILOT_RECORDS = [
  { key: 'pilot-plan', kind: 'plan', title: 'Pricing pilot', summary: 'Run a conjoint pricing pilot with 200 respondents.' },
  { key: 'survey-nav', kind: 'finding', title: 'Back navigation', summary: 'Respondents use back navigation in long surveys.' },
  { key: 'model-pref', kind: 'preference', title: 'Default model', summary: 'Prefer the small model for pilots.' },
];

/** Creates `context.ep` from `records` and makes it the active context. */
export async function activePackage(world: EpWorld, records: readonly object[]): Promise<void> {
  await world.writeJson('records.json', records);
  await expectOk(world, ['scenarios', 'create', '--from-json', 'records.json', '--output', 'context.ep']);
  await expectOk(world, ['context', 'use', '--path', 'context.ep']);
}

/** Replaces a record of the write context, as one new commit. */
export async function upsertRecord(world: EpWorld, record: object, message: string): Promise<void> {
  await world.writeJson('record.json', record);
  await expectOk(world, ['context', 'upsert', '--json', '@record.json', '--message', message]);
}

const AGENTS = `import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { agentFunction, callModel } from ${JSON.stringify(path.join(REPO_ROOT, 'dist/src/index.js'))};

export const survey = agentFunction({ name: 'survey', instructions: 'Survey the topic and list what is known.' }, async () => callModel());
export const plan = agentFunction({ name: 'plan', instructions: 'Plan the pricing pilot.' }, async (input) => {
  await survey({ topic: input.topic });
  return 'planned';
});
export const first = agentFunction({ name: 'first', instructions: 'Take the first step.' }, async () => 'one');
export const second = agentFunction({ name: 'second', instructions: 'Take the second step.' }, async () => 'two');
const STEPWISE = { name: 'stepwise', instructions: 'Take two steps, the second once the gate opens.' };
export const stepwise = agentFunction(STEPWISE, async (gated) => {
  await first({});
  while (!existsSync(gated.gate)) await sleep(50);
  await second({});
  return 'done';
});
`;

/** Runs an agent function of the fixture module in session `sessionId` to the end. */
export async function runAgent(world: EpWorld, name: string, input: object, sessionId: string): Promise<void> {
  await world.writeFile('agents.mjs', AGENTS);
  await expectOk(world, ['run', `./agents.mjs#${name}`, '--input', JSON.stringify(input), '--session', sessionId]);
}

/**
 * Starts `stepwise` in session `sessionId` and returns once its first step is in the log; it takes its second
 * step when `openGate` is called. The run is a real `ep run` child, waited for by the returned promise.
 */
export async function startStepwise(world: EpWorld, sessionId: string): Promise<{ openGate(): Promise<void>; run: ResultPromise }> {
  await world.writeFile('agents.mjs', AGENTS);
  const gate = world.resolve('gate');
  const run = execa(
    process.execPath,
    [EP_BIN, 'run', './agents.mjs#stepwise', '--input', JSON.stringify({ gate }), '--session', sessionId],
    {
      cwd: world.dir,
      env: { EP_HOME: world.home, TMPDIR: path.join(world.dir, '.tmp') },
      reject: false,
      stdin: 'ignore',
      timeout: 60_000,
    },
  );
  const log = path.join(world.home, 'sessions', sessionId, 'history', 'nodes.jsonl');
  for (let waited = 0; !(existsSync(log) && (await readFile(log, 'utf8')).includes('"first"')); waited += 50) {
    if (waited > 20_000) throw new Error(`session ${sessionId} never recorded its first step`);
    await sleep(50);
  }
  return { openGate: async () => void (await world.writeFile('gate', '')), run };
}

async function expectOk(world: EpWorld, args: string[]): Promise<void> {
  const run = await world.ep(args);
  if (run.envelope?.status !== 'ok') throw new Error(`ep ${args.join(' ')} failed:\n${run.stdout}\n${run.stderr}`);
}
