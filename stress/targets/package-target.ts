import { unzipSync } from 'fflate';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PackageStore } from '../../src/storage/package-store-contract.js';
import { withRuntime } from '../../src/runtime/runtime.js';
import { runEp } from '../support/ep-process.js';
import { beforeOrAfter, type StressTarget, type TargetContext } from './target.js';

const PACKAGE = 'shared.ep';
const packagePath = (context: TargetContext) => path.join(context.sandbox.work, PACKAGE);

/** One `.ep` package written by `ep context upsert --path`; read back by `ep` and checked against the format. */
export const packageTarget: StressTarget = {
  name: 'package',
  replacesSameKey: true,

  async prepare(context) {
    const seed = path.join(context.sandbox.work, 'seed.json');
    await writeFile(
      seed,
      JSON.stringify([
        { key: 'seed.first', value: 'seed' },
        { key: 'seed.second', value: 'seed' },
      ]),
    );
    const run = await runEp(['scenarios', 'create', '--from-json', seed, '--output', PACKAGE], context.run());
    if (run.outcome !== 'ok') throw new Error(`ep scenarios create failed: ${run.stdout}${run.problem ?? ''}`);
  },

  command(write) {
    return { args: ['context', 'upsert', '--path', PACKAGE, '--json', JSON.stringify({ key: write.key, value: write.value })] };
  },

  value(write) {
    return `w${write.writer}-i${write.index}`;
  },

  async load(context) {
    const file = packagePath(context);
    const run = await runEp(['context', 'get', '--path', PACKAGE, '--key', 'seed.first'], context.run());
    if (run.outcome !== 'ok') throw new Error(`ep context get fails on ${PACKAGE}: ${run.envelope?.error?.message ?? run.problem}`);
    const worktree = validatePackage(await readFile(file));
    const history = await runEp(['context', 'history', '--path', PACKAGE], context.run());
    if (history.outcome !== 'ok')
      throw new Error(`ep context history fails on ${PACKAGE}: ${history.envelope?.error?.message ?? history.problem}`);
    const loaded = await withRuntime({}, async (runtime) => runtime.get(PackageStore).load(file));
    const items = new Map<string, string>();
    for (const record of loaded.list.toArray()) {
      const key = String(record.key);
      if (items.has(key)) throw new Error(`${PACKAGE} holds ${key} twice`);
      items.set(key, String(record.value));
    }
    // The archive's files must be exactly HEAD's content: readers may take either.
    if (worktree.size !== items.size || [...worktree].some(([key, value]) => items.get(key) !== value)) {
      throw new Error(`${PACKAGE}: the archive's files differ from its HEAD commit`);
    }
    const commits = commitCount(history.envelope!.data);
    return { items, commits };
  },

  crashProblem(before, after, write) {
    return beforeOrAfter(before, after, write);
  },

  async files(context) {
    return [packagePath(context)];
  },
};

/**
 * The checks EDSL's validator makes, on the archive's files: the manifest's format, class and version,
 * unique scenario ids each with a file, no extra scenario files, and a matching count. Returns key → value.
 */
export function validatePackage(bytes: Uint8Array): Map<string, string> {
  const files = unzipSync(bytes);
  const manifest = JSON.parse(Buffer.from(files['manifest.json'] ?? []).toString('utf8'));
  const problems: string[] = [];
  if (manifest.format !== 'edsl.scenario_list.git_package' || manifest.format_version !== 1) problems.push('wrong format');
  if (manifest.edsl_class_name !== 'ScenarioList' || typeof manifest.edsl_version !== 'string') problems.push('wrong class or version');
  const order: string[] = manifest.scenario_order ?? [];
  if (new Set(order).size !== order.length) problems.push('duplicate scenario ids');
  if (manifest.n_scenarios !== order.length) problems.push('n_scenarios does not match');
  const scenarioFiles = Object.keys(files).filter((name) => /^scenarios\/\d+\.json$/.test(name));
  if (scenarioFiles.length !== order.length || order.some((id) => !files[`scenarios/${id}.json`]))
    problems.push('scenario files do not match scenario_order');
  if (problems.length > 0) throw new Error(`the package fails validation: ${problems.join(', ')}`);
  const items = new Map<string, string>();
  for (const id of order) {
    const record = JSON.parse(Buffer.from(files[`scenarios/${id}.json`]!).toString('utf8'));
    items.set(String(record.key), String(record.value));
  }
  return items;
}

function commitCount(data: any): number {
  const entries = Array.isArray(data) ? data : (data?.commits ?? data?.history ?? data?.entries);
  if (!Array.isArray(entries)) throw new Error(`ep context history printed no list of commits: ${JSON.stringify(data).slice(0, 200)}`);
  return entries.length;
}
