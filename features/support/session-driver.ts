import { execa } from 'execa';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { runAgent } from '../../src/api/session-runs.js';
import { isEpError } from '../../src/kernel/errors.js';
import { FileSessionStore } from '../../src/sessions/store/file-session-store.js';
import type { SessionMeta } from '../../src/sessions/store/session-store.js';
import type { SessionNode } from '../../src/sessions/call-node.js';
import type { AnswerSource } from '../../src/sessions/session-context.js';
import { runAgentInSubprocess } from '../../src/sessions/subprocess.js';
import type { RecordedPrompt } from '../../src/models/scripted-model.js';
import { REPO_ROOT, type EpWorld } from './world.js';

export type EntryPoint = 'the CLI' | 'embedded code' | 'a subprocess';
export const ENTRY_POINTS = /the CLI|embedded code|a subprocess/;

/** How one run of an agent function ended, whichever entry point ran it. */
export interface RunOutcome {
  readonly entryPoint: EntryPoint;
  readonly sessionId?: string;
  readonly output?: unknown;
  readonly error?: { code: string; message: string };
  /** The prompts the scripted model received during this run. */
  readonly prompts: RecordedPrompt[];
}

export interface RunRequest {
  readonly method: string;
  readonly input: unknown;
  readonly sessionId?: string;
  /** Answers for ask_user: given as a file to the CLI and subprocesses, as a callback to embedded code. */
  readonly answers?: string[];
  /** Cancel the run once it is running: the CLI through --timeout, code callers through an AbortSignal. */
  readonly cancelWhileRunning?: boolean;
}

/** The CLI has no handle to abort from outside, so it cancels itself after this long. */
const CLI_CANCEL_AFTER_MS = 2500;

export function exampleTarget(method: string): string {
  return `${path.join(REPO_ROOT, 'dist/examples/session-agent/research-agent.js')}#ResearchAgent.${method}`;
}

/** Runs an example agent method through one entry point, capturing the prompts the scripted model saw. */
export async function runExample(world: EpWorld, entryPoint: EntryPoint, request: RunRequest): Promise<RunOutcome> {
  const runs = (world.values.get('runs') as RunOutcome[] | undefined) ?? [];
  const record = world.resolve(`prompts-${runs.length + 1}.jsonl`);
  const env = { EP_HOME: world.home, EP_SCRIPTED_RECORD: record, ...(world.values.get('modelEnv') as Record<string, string> | undefined) };
  const answersFile = request.answers ? await world.writeJson(`answers-${runs.length + 1}.json`, request.answers) : undefined;
  const target = exampleTarget(request.method);
  let result: Omit<RunOutcome, 'prompts' | 'entryPoint'>;
  if (entryPoint === 'the CLI') {
    const args = ['run', target, '--input', JSON.stringify(request.input)];
    if (request.sessionId) args.push('--session', request.sessionId);
    if (answersFile) args.push('--answers', answersFile);
    if (request.cancelWhileRunning) args.push('--timeout', String(CLI_CANCEL_AFTER_MS));
    const envelope = (await world.ep(args, { env })).envelope;
    result =
      envelope?.status === 'ok'
        ? { sessionId: envelope.data.sessionId, output: envelope.data.output }
        : {
            sessionId: envelope?.error?.details?.sessionId,
            error: envelope?.error ?? { code: 'NO_ENVELOPE', message: world.last!.stderr },
          };
  } else {
    const sessionId = request.sessionId ?? (request.cancelWhileRunning ? `cancelled-${runs.length + 1}` : undefined);
    const controller = new AbortController();
    const signal = request.cancelWhileRunning ? controller.signal : undefined;
    if (request.cancelWhileRunning) void abortOnceRunning(world, sessionId!, request.method, controller);
    try {
      const run =
        entryPoint === 'embedded code'
          ? await runAgent(target, request.input, {
              cwd: world.dir,
              env,
              ...(sessionId ? { sessionId } : {}),
              ...(request.answers ? { answers: answersInOrder(request.answers) } : {}),
              ...(signal ? { signal } : {}),
            })
          : await runAgentInSubprocess(target, request.input, {
              cwd: world.dir,
              env,
              ...(sessionId ? { sessionId } : {}),
              ...(answersFile ? { answersFile } : {}),
              ...(signal ? { signal } : {}),
            });
      result = { sessionId: run.sessionId, output: run.output };
    } catch (error) {
      if (!isEpError(error)) throw error;
      result = { sessionId: error.details?.sessionId as string | undefined, error: { code: error.code, message: error.message } };
    } finally {
      controller.abort(new Error('the scenario is over'));
    }
  }
  const outcome: RunOutcome = { entryPoint, ...result, prompts: await readPrompts(record) };
  runs.push(outcome);
  world.values.set('runs', runs);
  return outcome;
}

function answersInOrder(answers: string[]): AnswerSource {
  let next = 0;
  return () => answers[next++];
}

async function readPrompts(file: string): Promise<RecordedPrompt[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RecordedPrompt);
}

export function runsOf(world: EpWorld): RunOutcome[] {
  const runs = world.values.get('runs') as RunOutcome[] | undefined;
  if (!runs || runs.length === 0) throw new Error('No agent run yet.');
  return runs;
}

export function lastRun(world: EpWorld): RunOutcome {
  return runsOf(world).at(-1)!;
}

/** The nodes of the last run's session, read from the store under the scenario's EP_HOME. */
export async function sessionNodes(world: EpWorld, sessionId = lastRun(world).sessionId): Promise<SessionNode[]> {
  if (!sessionId) throw new Error(`The last run has no session id: ${JSON.stringify(lastRun(world).error)}`);
  return (await new FileSessionStore({ home: world.home }).read(sessionId)).nodes;
}

export function nodeNamed(nodes: readonly SessionNode[], name: string): SessionNode {
  const node = nodes.find((candidate) => candidate.name === name && candidate.kind !== 'model');
  if (!node) throw new Error(`No node ${name}; nodes: ${nodes.map((n) => `${n.name}[${n.status}]`).join(', ')}`);
  return node;
}

/** The last prompt the scripted model received in the last run. */
export function lastPrompt(world: EpWorld): string {
  const prompts = lastRun(world).prompts;
  if (prompts.length === 0) throw new Error('The scripted model received no prompt.');
  return prompts.at(-1)!.prompt;
}

/** The last run's session meta and its git commits, newest first. */
export async function sessionHistory(world: EpWorld): Promise<{ meta: SessionMeta; commits: string[] }> {
  const sessionId = lastRun(world).sessionId!;
  const { meta } = await new FileSessionStore({ home: world.home }).read(sessionId);
  const log = await execa('git', ['log', '--format=%H'], { cwd: path.join(world.home, 'sessions', sessionId) });
  return { meta, commits: log.stdout.trim().split('\n') };
}

/** Aborts once the session log shows the call running, so cancellation never races the child's start-up. */
async function abortOnceRunning(world: EpWorld, sessionId: string, name: string, controller: AbortController): Promise<void> {
  const log = path.join(world.home, 'sessions', sessionId, 'history', 'nodes.jsonl');
  while (!controller.signal.aborted) {
    const text = await readFile(log, 'utf8').catch(() => '');
    if (text.includes(`"name":"${name}"`)) {
      controller.abort(new Error(`cancelled while ${name} was running`));
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
