import { After } from '@cucumber/cucumber';
import { execa } from 'execa';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createEp, type Ep, type EpPlugin } from '../../src/index.js';
import type { RecordedPrompt } from '../../src/models/scripted-model.js';
import { definePlugin, EP_VERSION } from '../../src/plugin-entry.js';
import { REPO_ROOT, type EpWorld } from './world.js';

export const AGENT_LOOP_MAIN = path.join(REPO_ROOT, 'dist/examples/agent-loop/main.js');

/** How often the counting plugin's hooks ran, so a scenario can see one runtime serve many calls. */
export interface LifecycleCounts {
  initialize: number;
  shutdown: number;
}

export function countingPlugin(counts: LifecycleCounts): EpPlugin {
  return definePlugin(() => ({
    id: 'acme/lifecycle-counter',
    version: '1.0.0',
    engine: `^${EP_VERSION}`,
    register() {},
    initialize() {
      counts.initialize += 1;
    },
    shutdown() {
      counts.shutdown += 1;
    },
  }))();
}

/** Opens the library API in the scenario's project, with sessions under the scenario's EP_HOME. */
export async function openEp(world: EpWorld, plugins: EpPlugin[] = []): Promise<Ep> {
  const ep = await createEp({ cwd: world.dir, env: { EP_HOME: world.home }, plugins });
  world.values.set('ep', ep);
  return ep;
}

export function epOf(world: EpWorld): Ep {
  const ep = world.values.get('ep') as Ep | undefined;
  if (!ep) throw new Error('The library API has not been opened in this scenario.');
  return ep;
}

/** Runs a library call, keeping its result or its error for the Then steps. */
export async function attempt(world: EpWorld, call: () => Promise<unknown>): Promise<void> {
  try {
    world.values.set('libraryResult', await call());
    world.values.delete('libraryError');
  } catch (error) {
    world.values.set('libraryError', error);
  }
}

export interface AgentLoopRun {
  readonly sessionId: string;
  readonly created: boolean;
  readonly turns: number;
  readonly learnedKey: string;
  readonly prompts: RecordedPrompt[];
}

/** Runs the example agent loop as a real child process in the project; the scripted model records its prompts. */
export async function runAgentLoop(world: EpWorld, task: string, sessionId?: string): Promise<AgentLoopRun> {
  const runs = (world.values.get('loopRuns') as AgentLoopRun[] | undefined) ?? [];
  const record = world.resolve(`loop-prompts-${runs.length + 1}.jsonl`);
  const args = [AGENT_LOOP_MAIN, '--task', task, ...(sessionId ? ['--session', sessionId] : [])];
  const result = await execa(process.execPath, args, {
    cwd: world.dir,
    env: { EP_HOME: world.home, EP_SCRIPTED_RECORD: record },
    reject: false,
    stdin: 'ignore',
    timeout: 60_000,
  });
  if (result.exitCode !== 0) throw new Error(`the agent loop failed (${result.exitCode}):\n${result.stderr}`);
  const lines = (await readFile(record, 'utf8')).split('\n').filter(Boolean);
  const run = { ...JSON.parse(result.stdout), prompts: lines.map((line) => JSON.parse(line) as RecordedPrompt) } as AgentLoopRun;
  world.values.set('loopRuns', [...runs, run]);
  return run;
}

export function loopRuns(world: EpWorld): AgentLoopRun[] {
  return (world.values.get('loopRuns') as AgentLoopRun[] | undefined) ?? [];
}

After(async function (this: EpWorld) {
  await (this.values.get('ep') as Ep | undefined)?.shutdown();
});
