import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Database } from '../../src/postgres/database.js';
import { PostgresPackageStore } from '../../src/storage/postgres-package-store.js';
import { sharedPostgresCluster } from '../../test/support/postgres-cluster.js';
import { runEp } from '../support/ep-process.js';
import { sessionTarget } from './session-target.js';
import { beforeOrAfter, type StressTarget, type TargetContext } from './target.js';

const CONTEXT = 'postgres:///shared';
const SESSION_ID = 'stress-session';

/** Each case's database, by the sandbox's working directory. */
const databases = new Map<string, string>();
let created = 0;

/**
 * Points the sandbox's project at a fresh database of the run's throwaway cluster through its ep config,
 * trusted as a user would (`ep trust`), so every `ep` process of the case uses PostgreSQL.
 */
async function useDatabase(context: TargetContext): Promise<string> {
  const url = await (await sharedPostgresCluster()).database(`stress_${process.pid}_${(created += 1)}`);
  databases.set(context.sandbox.work, url);
  const options = { url };
  const config = {
    providers: { 'ep.SessionStore': 'builtin/session-store-postgres', 'ep.PackageStore': 'builtin/storage-postgres' },
    options: { 'builtin/session-store-postgres': options, 'builtin/storage-postgres': options },
  };
  await mkdir(path.join(context.sandbox.work, '.edsl'), { recursive: true });
  await writeFile(path.join(context.sandbox.work, '.edsl', 'ep.json'), JSON.stringify(config));
  const trust = await runEp(['trust'], context.run());
  if (trust.outcome !== 'ok') throw new Error(`ep trust failed: ${trust.stdout}${trust.problem ?? ''}`);
  return url;
}

/** One session in PostgreSQL appended to by `ep run --session`; read back with `ep session show`. */
export const postgresSessionTarget: StressTarget = {
  name: 'postgres session',
  replacesSameKey: false,

  async prepare(context) {
    await useDatabase(context);
    await sessionTarget.prepare.call(this, context);
  },

  command: (write, context) => sessionTarget.command(write, context),
  value: (write) => sessionTarget.value(write),

  async load(context) {
    const run = await runEp(['session', 'show', SESSION_ID], context.run());
    if (run.outcome !== 'ok') throw new Error(`ep session show fails: ${run.envelope?.error?.message ?? run.problem}`);
    const { nodes } = run.envelope!.data as { nodes: any[] };
    // Numbered uniquely and in log order, however many processes appended at once.
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
    // Turns are rows written with the turn's last record, not a separate history to compare with.
    return { items };
  },

  crashProblem(before, after, write) {
    return beforeOrAfter(before, after, write, [write.value, '(running)']);
  },

  async files() {
    return [];
  },
};

/** One context in PostgreSQL written by `ep context upsert --path postgres:///shared`; read back by `ep` and by rows. */
export const postgresContextTarget: StressTarget = {
  name: 'postgres context',
  replacesSameKey: true,

  async prepare(context) {
    await useDatabase(context);
    for (const key of ['seed.first', 'seed.second']) {
      const run = await runEp(this.command({ writer: -1, index: 0, key, value: 'seed' }, context).args, context.run());
      if (run.outcome !== 'ok') throw new Error(`ep context upsert failed: ${run.stdout}${run.problem ?? ''}`);
    }
  },

  command(write) {
    return { args: ['context', 'upsert', '--path', CONTEXT, '--json', JSON.stringify({ key: write.key, value: write.value })] };
  },

  value(write) {
    return write.writer < 0 ? 'seed' : `w${write.writer}-i${write.index}`;
  },

  async load(context) {
    const run = await runEp(['context', 'history', '--path', CONTEXT], context.run());
    if (run.outcome !== 'ok') throw new Error(`ep context history fails: ${run.envelope?.error?.message ?? run.problem}`);
    const commits = (run.envelope!.data as { commits: unknown[] }).commits.length;
    const database = new Database({ url: databases.get(context.sandbox.work)! });
    try {
      const items = new Map<string, string>();
      for (const record of (await new PostgresPackageStore(database).load(CONTEXT)).list.toArray()) {
        const key = String(record.key);
        if (items.has(key)) throw new Error(`${CONTEXT} holds ${key} twice`);
        items.set(key, String(record.value));
      }
      return { items, commits };
    } finally {
      await database.close();
    }
  },

  crashProblem(before, after, write) {
    return beforeOrAfter(before, after, write);
  },

  async files() {
    return [];
  },
};
