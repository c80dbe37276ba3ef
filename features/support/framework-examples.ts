import { execa } from 'execa';
import path from 'node:path';
import type { SessionNode } from '../../src/index.js';
import { REPO_ROOT, type EpWorld } from './world.js';

/** The frameworks ep has an adapter for, as scenarios name them, and the example each has in examples/. */
export const FRAMEWORK_EXAMPLES: Record<string, string> = {
  'AI SDK': 'ai-sdk',
  LangChain: 'langchain',
  'Agents SDK': 'openai-agents',
};

export interface FrameworkExampleRun {
  readonly sessionId: string;
  readonly answer: string;
  readonly tools: string[];
  readonly nodes: SessionNode[];
}

export function exampleName(framework: string): string {
  const name = FRAMEWORK_EXAMPLES[framework];
  if (!name) throw new Error(`No example for ${framework}; known: ${Object.keys(FRAMEWORK_EXAMPLES).join(', ')}.`);
  return name;
}

/** Runs a framework's example as a real child process in the project, then reads its session with `ep session show`. */
export async function runFrameworkExample(world: EpWorld, framework: string): Promise<FrameworkExampleRun> {
  const main = path.join(REPO_ROOT, 'dist/examples', exampleName(framework), 'main.js');
  const result = await execa(process.execPath, [main], {
    cwd: world.dir,
    env: { EP_HOME: world.home },
    reject: false,
    stdin: 'ignore',
    timeout: 60_000,
  });
  if (result.exitCode !== 0) throw new Error(`the ${framework} example failed (${result.exitCode}):\n${result.stderr}`);
  const summary = JSON.parse(result.stdout) as { sessionId: string; answer: string; tools: string[] };
  const shown = await world.ep(['session', 'show', summary.sessionId]);
  if (shown.exitCode !== 0) throw new Error(`ep session show failed: ${shown.stderr}`);
  const run = { ...summary, nodes: shown.envelope.data.nodes as SessionNode[] };
  world.values.set('frameworkRun', run);
  return run;
}

export function frameworkRun(world: EpWorld): FrameworkExampleRun {
  const run = world.values.get('frameworkRun') as FrameworkExampleRun | undefined;
  if (!run) throw new Error('No framework example has run in this scenario.');
  return run;
}

/** The node reached by following `names` down from a top-level call, each the caller of the next. */
export function nodeAtPath(nodes: readonly SessionNode[], names: readonly string[]): SessionNode | undefined {
  let callers: (string | null)[] = [null];
  let found: SessionNode | undefined;
  for (const name of names) {
    const matches = nodes.filter((node) => node.name === name && callers.includes(node.caller));
    if (matches.length === 0) return undefined;
    found = matches[0];
    callers = matches.map((node) => node.id);
  }
  return found;
}
