import { spawnSync } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runEp } from '../support/ep-process.js';
import type { Figures } from '../support/figures.js';
import { mapPool } from '../support/pool.js';
import type { Sandbox } from '../support/sandbox.js';
import type { CaseFile, CliCase } from './cases.js';

/** Some inputs are big (16 MiB files), so only a few run at once. */
const PARALLEL = 3;

/**
 * Runs each case as a real `ep` process in its own working directory (with its own EP_HOME) inside the
 * sandbox, and counts what came back: one error envelope is the only acceptable answer to a refused input;
 * a stack trace, no envelope, or no answer within the bound is a failure.
 */
export async function runCliCases(cases: readonly CliCase[], sandbox: Sandbox, figures: Figures, timeoutMs: number): Promise<void> {
  const seen = new Set<string>();
  await mapPool(cases, PARALLEL, async (hostile, index) => {
    const cwd = path.join(sandbox.work, `case-${index}`);
    const env = sandbox.env({ EP_HOME: path.join(cwd, '.ep-home') });
    const label = `cli #${index} ${hostile.command} (${hostile.family}) ${describeArgs(hostile.args)}`;
    await mkdir(cwd, { recursive: true });
    await writeCaseFiles(cwd, { ...hostile.files, ...hostile.placed?.(cwd) });
    for (const args of hostile.before ?? []) {
      const setup = await runEp(args, { cwd, env, timeoutMs });
      if (setup.outcome !== 'ok') figures.defect(`${label}: the setup run ${describeArgs(args)} failed: ${setup.stdout.slice(0, 300)}`);
    }
    await writeCaseFiles(cwd, hostile.filesAfter ?? {});
    const run = await runEp(hostile.args, { cwd, env, timeoutMs, ...(hostile.stdin !== undefined ? { stdin: hostile.stdin } : {}) });
    figures.add('inputs tried');
    figures.add('processes');
    figures.add(`inputs: ${hostile.family}`);
    if (run.outcome === 'crash') figures.fail('crashes', `${label}: ${run.problem}\n${run.stderr.slice(0, 600)}`);
    else if (run.outcome === 'hang') figures.fail('hangs', `${label}: ${run.problem}`);
    else if (run.outcome === 'error' && hostile.expect === 'ok')
      figures.fail('unexpected failures', `${label}: ${run.stdout.slice(0, 300)}`);
    else if (run.outcome === 'error') figures.add('error envelopes');
    else if (hostile.expect === 'error') figures.fail('unexpected successes', `${label}: accepted: ${run.stdout.slice(0, 300)}`);
    else figures.add('accepted harmless inputs');
    if (hostile.secret && (run.stdout.includes(hostile.secret) || run.stderr.includes(hostile.secret))) {
      figures.fail('contents echoed', `${label}: the output shows what a file holds: ${run.stdout.slice(0, 300)}`);
    }
    const { canaries, escapes } = await sandbox.intruders();
    for (const name of [...canaries, ...escapes]) {
      if (seen.has(name)) continue;
      seen.add(name);
      figures.fail(name.startsWith('canary-') ? 'commands run from packages' : 'escapes', `${label}: wrote ${sandbox.outside(name)}`);
    }
  });
}

async function writeCaseFiles(cwd: string, files: Readonly<Record<string, CaseFile>>): Promise<void> {
  for (const [name, content] of Object.entries(files)) await makeCaseFile(path.join(cwd, name), content);
}

/** Makes one of a case's files: a FIFO for `null`, a symbolic link for `{ link }`, else the bytes. */
async function makeCaseFile(file: string, content: CaseFile): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  if (content === null) spawnSync('mkfifo', [file]);
  else if (typeof content === 'object' && 'link' in content) await symlink(content.link, file);
  else await writeFile(file, content);
}

export function describeArgs(args: readonly string[]): string {
  return args.map((arg) => (arg.length > 60 ? `${JSON.stringify(arg.slice(0, 40))}…(${arg.length} chars)` : JSON.stringify(arg))).join(' ');
}
