import { execa } from 'execa';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT, runEp } from '../support/ep-process.js';
import { beforeOrAfter, type StressTarget, type TargetContext } from './target.js';

const SESSION_ID = 'stress-session';

/** An agent function that records its input and returns the value it was given. */
const AGENT_MODULE = `import { agentFunction } from ${JSON.stringify(path.join(REPO_ROOT, 'dist/src/index.js'))};
export const note = agentFunction({ name: 'note', instructions: 'Keep the note.' }, async (input) => ({ value: input.value }));
`;

const agentPath = (context: TargetContext) => path.join(context.sandbox.work, 'note-agent.mjs');
const sessionDir = (context: TargetContext) => path.join(context.sandbox.epHome, 'sessions', SESSION_ID);

/** One session appended to by `ep run --session`; read back with `ep session show` and its git history. */
export const sessionTarget: StressTarget = {
  name: 'session',
  replacesSameKey: false,

  async prepare(context) {
    await writeFile(agentPath(context), AGENT_MODULE);
    const run = await runEp(this.command({ writer: -1, index: 0, key: 'prepare', value: 'prepare' }, context).args, context.run());
    if (run.outcome !== 'ok') throw new Error(`ep run failed: ${run.stdout}${run.problem ?? ''}`);
  },

  command(write, context) {
    return {
      args: [
        'run',
        `${agentPath(context)}#note`,
        '--session',
        SESSION_ID,
        '--input',
        JSON.stringify({ key: write.key, value: write.value }),
      ],
    };
  },

  value(write) {
    return `w${write.writer}-i${write.index}`;
  },

  async load(context) {
    const run = await runEp(['session', 'show', SESSION_ID], context.run());
    if (run.outcome !== 'ok') throw new Error(`ep session show fails: ${run.envelope?.error?.message ?? run.problem}`);
    const { meta, nodes, skippedLines } = run.envelope!.data as {
      meta: { turns: number; head: string | null };
      nodes: any[];
      skippedLines: number;
    };
    // Only a torn last line (a crash mid-append) may be skipped; anything more is a broken log.
    if (skippedLines > 1) throw new Error(`the session log has ${skippedLines} unreadable lines`);
    // Every reader must number the nodes alike and uniquely, however many processes appended at once.
    nodes.forEach((node, i) => {
      if (node.seq !== i + 1) throw new Error(`node ${node.id} is numbered ${node.seq}, at place ${i + 1} of the log`);
    });
    const items = new Map<string, string>();
    for (const node of nodes) {
      if (node.name !== 'note') continue;
      const key = String(node.input?.key);
      if (items.has(key)) throw new Error(`the session holds ${key} twice`);
      items.set(key, node.status === 'completed' ? String(node.output?.value) : `(${node.status})`);
    }
    const dir = sessionDir(context);
    const git = (args: string[]) => execa('git', args, { cwd: dir, env: context.run().env, extendEnv: false }).then((r) => r.stdout.trim());
    const commits = Number(await git(['rev-list', '--count', 'HEAD']));
    const head = await git(['rev-parse', 'HEAD']);
    const previous = commits > 1 ? await git(['rev-parse', 'HEAD~1']) : undefined;
    // meta.json is written after the commit: a crash in between leaves it one turn behind, never ahead.
    if (meta.head !== head && meta.head !== previous) throw new Error(`meta.json names head ${meta.head}, git has ${head}`);
    return { items, commits, recordedCommits: meta.turns };
  },

  crashProblem(before, after, write) {
    if (
      after.recordedCommits !== undefined &&
      after.commits !== undefined &&
      after.recordedCommits !== after.commits &&
      after.recordedCommits !== after.commits - 1
    ) {
      return `meta.json counts ${after.recordedCommits} turns, git holds ${after.commits} commits`;
    }
    return beforeOrAfter(before, after, write, [write.value, '(running)']);
  },

  async files(context) {
    const dir = sessionDir(context);
    return [path.join(dir, 'meta.json'), path.join(dir, 'history', 'nodes.jsonl')];
  },
};
