import { spawnSync } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RepoEdit } from './bomb-packages.js';
import { buildZip } from './zip-builder.js';
import { runEp } from '../support/ep-process.js';
import type { Figures } from '../support/figures.js';
import type { SeededRandom } from '../support/random.js';
import { Sandbox } from '../support/sandbox.js';
import type { CorpusContext, ToolInfo } from './cases.js';
import { buildCliCorpus, CLI_FACTORIES } from './cli-corpus.js';
import { gitPackageMembers, packageFiles } from './hostile-packages.js';
import { PACKAGE_FACTORIES } from './package-corpus.js';
import { PATH_FACTORIES } from './path-corpus.js';
import { proveFixturesArmed } from './armed-fixtures.js';
import { proveTrustFixturesArmed, TRUST_FACTORIES } from './trust-corpus.js';
import { runBombs } from './run-bombs.js';
import { runCliCases } from './run-cli-cases.js';
import { buildMcpCorpus, MCP_PROJECT_TRAPS } from './mcp-corpus.js';
import { runMcpCases } from './run-mcp-cases.js';
import { checkEscapes } from '../support/context.js';

export interface BadInputOptions {
  readonly random: SeededRandom;
  readonly cliInputs: number;
  readonly mcpInputs: number;
  /** Commands run on each bomb package (see run-bombs.ts). */
  readonly bombRuns: number;
  readonly timeoutMs: number;
}

/** The generated hostile corpus, through every command of the CLI and every tool over `ep tools call` and MCP. */
export async function runBadInput(figures: Figures, options: BadInputOptions): Promise<void> {
  const sandbox = await Sandbox.create();
  try {
    const listed = await runEp(['tools', 'list'], { cwd: sandbox.work, env: sandbox.env(), timeoutMs: options.timeoutMs });
    if (listed.outcome !== 'ok') throw new Error(`ep tools list failed: ${listed.stdout}`);
    const tools = listed.envelope!.data.tools as ToolInfo[];
    let repos = 0;
    const repo = (files: Record<string, string | Buffer>, edit?: RepoEdit) =>
      gitPackageMembers(path.join(sandbox.tmp, `repo-${(repos += 1)}`), sandbox.env(), files, edit);
    const context: CorpusContext = {
      random: options.random,
      tools,
      outside: (name) => sandbox.outside(name),
      canaryCommand: (tag) => sandbox.canaryCommand(tag),
      base: repo(packageFiles()),
      repo,
    };
    proveFixturesArmed(context, sandbox, figures);
    await proveTrustFixturesArmed(context, sandbox, figures, options.timeoutMs);
    const cli = await buildCliCorpus(context, options.cliInputs, [
      ...CLI_FACTORIES,
      ...PACKAGE_FACTORIES,
      ...PATH_FACTORIES,
      ...TRUST_FACTORIES,
    ]);
    await runCliCases(cli, sandbox, figures, options.timeoutMs);
    await runMcpCases(
      buildMcpCorpus(context, options.mcpInputs),
      sandbox,
      figures,
      options.timeoutMs,
      await mcpProject(sandbox, context, options.timeoutMs),
    );
    await runBombs(context, sandbox, figures, { runs: options.bombRuns, timeoutMs: options.timeoutMs });
    await checkEscapes(sandbox, figures, 'bad input');
  } finally {
    await sandbox.dispose();
  }
}

/**
 * A project for `ep mcp` with an active package to read and write, apart from the CLI cases' directories,
 * and inside it a FIFO and a link to a device named like packages (MCP_PROJECT_TRAPS).
 */
async function mcpProject(sandbox: Sandbox, context: CorpusContext, timeoutMs: number): Promise<string> {
  const dir = path.join(sandbox.work, 'mcp-project');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'context.ep'), buildZip([...context.base]));
  spawnSync('mkfifo', [path.join(dir, MCP_PROJECT_TRAPS.fifo)]);
  await symlink('/dev/zero', path.join(dir, MCP_PROJECT_TRAPS.deviceLink));
  const used = await runEp(['context', 'use', '--path', 'context.ep'], { cwd: dir, env: sandbox.env(), timeoutMs });
  if (used.outcome !== 'ok') throw new Error(`ep context use failed: ${used.stdout}`);
  return dir;
}
