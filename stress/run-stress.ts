import { writeFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { runBadInput } from './bad-input/run-bad-input.js';
import { runClearUseRaces } from './clear-use-races.js';
import { runConcurrency } from './concurrency.js';
import { runCrashes } from './crashes.js';
import { runLockSteps } from './lock-steps/run-lock-steps.js';
import { runMcpFlood } from './mcp-flood/run-mcp-flood.js';
import { REPO_ROOT } from './support/ep-process.js';
import { Figures } from './support/figures.js';
import { SeededRandom } from './support/random.js';
import { STRESS_TARGETS } from './targets/index.js';
import { stopSharedPostgresCluster } from '../test/support/postgres-cluster.js';

/** Sizes of one run. `--short` keeps the suite to seconds for `npm test`; the full run takes minutes. */
export interface StressPlan {
  readonly processes: number;
  readonly writesPerProcess: number;
  readonly sharedKeys: number;
  readonly kills: number;
  readonly cliInputs: number;
  readonly mcpInputs: number;
  /** Commands run on each bomb package (the first one only in the short run). */
  readonly bombRuns: number;
  /** How long each MCP flood writes without reading. */
  readonly mcpFloodSeconds: number;
  readonly timeoutMs: number;
  /** Rounds of `ep context clear` racing `ep context use --append`. */
  readonly clearRaces: number;
  /** Seeds of the lock step scheduler, and scheduling decisions each. */
  readonly lockSeeds: number;
  readonly lockDecisions: number;
}

const FULL: StressPlan = {
  processes: 8,
  writesPerProcess: 50,
  sharedKeys: 10,
  kills: 50,
  cliInputs: 520,
  mcpInputs: 600,
  bombRuns: 4,
  mcpFloodSeconds: 24,
  timeoutMs: 60_000,
  clearRaces: 60,
  lockSeeds: 40,
  lockDecisions: 1500,
};
const SHORT: StressPlan = {
  processes: 3,
  writesPerProcess: 3,
  sharedKeys: 2,
  kills: 6,
  cliInputs: 42,
  mcpInputs: 70,
  bombRuns: 1,
  mcpFloodSeconds: 1,
  timeoutMs: 20_000,
  clearRaces: 3,
  lockSeeds: 1,
  lockDecisions: 600,
};

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const short = argv.includes('--short');
  const seed = Number(valueOf(argv, '--seed') ?? 20261130);
  const only = valueOf(argv, '--only');
  const base = short ? SHORT : FULL;
  const plan: StressPlan = {
    ...base,
    cliInputs: Number(valueOf(argv, '--cli-inputs') ?? base.cliInputs),
    mcpInputs: Number(valueOf(argv, '--mcp-inputs') ?? base.mcpInputs),
    bombRuns: Number(valueOf(argv, '--bomb-runs') ?? base.bombRuns),
    mcpFloodSeconds: Number(valueOf(argv, '--mcp-flood-seconds') ?? base.mcpFloodSeconds),
  };
  const figures = new Figures();
  const random = new SeededRandom(seed);
  const started = Date.now();
  const suite = async (name: string, body: () => Promise<void>) => {
    if (only && !name.startsWith(only)) return;
    const at = Date.now();
    try {
      await body();
    } catch (error) {
      figures.defect(`${name} could not run: ${(error as Error).stack ?? String(error)}`);
    }
    process.stderr.write(`stress: ${name} done in ${((Date.now() - at) / 1000).toFixed(1)} s\n`);
  };

  for (const target of STRESS_TARGETS) {
    // A writer may wait for every other writer's save: its bound grows with their number.
    const writeTimeoutMs = Math.max(plan.timeoutMs, plan.processes * 30_000);
    // A target that holds a bounded number of keys gets as many distinct writes as it can hold, not more.
    const writesPerProcess = Math.min(plan.writesPerProcess, Math.floor((target.maxDistinctWrites ?? Infinity) / plan.processes));
    await suite(`concurrency ${target.name}`, () =>
      runConcurrency(target, figures, { processes: plan.processes, writesPerProcess, timeoutMs: writeTimeoutMs }),
    );
    if (target.replacesSameKey) {
      await suite(`concurrency ${target.name} shared keys`, () =>
        runConcurrency(target, figures, {
          processes: plan.processes,
          writesPerProcess: plan.writesPerProcess,
          sharedKeys: plan.sharedKeys,
          timeoutMs: writeTimeoutMs,
        }),
      );
    }
  }
  await suite('concurrency pointer clear and use', () =>
    runClearUseRaces(figures, { rounds: plan.clearRaces, appenders: 3, random: new SeededRandom(seed + 1), timeoutMs: plan.timeoutMs }),
  );
  await suite('concurrency lock steps', () =>
    runLockSteps(figures, { firstSeed: seed, seeds: plan.lockSeeds, decisions: plan.lockDecisions }),
  );
  const killsEach = Math.ceil(plan.kills / STRESS_TARGETS.length);
  for (const target of STRESS_TARGETS) {
    await suite(`crashes ${target.name}`, () => runCrashes(target, figures, { kills: killsEach, random, timeoutMs: plan.timeoutMs }));
  }
  // Its own stream: how many draws the crash runs take depends on timing, the corpus must not.
  await suite('bad input', () =>
    runBadInput(figures, {
      random: new SeededRandom(seed),
      cliInputs: plan.cliInputs,
      mcpInputs: plan.mcpInputs,
      bombRuns: plan.bombRuns,
      timeoutMs: plan.timeoutMs,
    }),
  );
  await suite('mcp flood', () => runMcpFlood(figures, { seconds: plan.mcpFloodSeconds, timeoutMs: plan.timeoutMs }));

  const seconds = Math.round((Date.now() - started) / 1000);
  for (const [name, value] of figures.entries()) console.log(`${name}: ${value}`);
  console.log(`seconds: ${seconds}`);
  for (const failure of figures.failures.slice(0, 40)) console.log(`FAIL ${failure}`);
  if (figures.failures.length > 40) console.log(`FAIL ... and ${figures.failures.length - 40} more`);
  if (!short && !only) await recordFigures(figures, { seed, seconds });
  console.log(figures.ok ? 'stress: ok' : 'stress: FAILED');
  process.exitCode = figures.ok ? 0 : 1;
}

function valueOf(argv: string[], name: string): string | undefined {
  const index = argv.indexOf(name);
  return index >= 0 ? argv[index + 1] : argv.find((arg) => arg.startsWith(`${name}=`))?.slice(name.length + 1);
}

const BEGIN = '<!-- stress figures: begin -->';
const END = '<!-- stress figures: end -->';

/** Replaces the figures table in docs/reliability.md with this run's. */
async function recordFigures(figures: Figures, run: { seed: number; seconds: number }): Promise<void> {
  const file = path.join(REPO_ROOT, 'docs', 'reliability.md');
  const text = await readFile(file, 'utf8');
  const table = [
    BEGIN,
    `Last full run: seed ${run.seed}, ${run.seconds} s, ${figures.ok ? 'passed' : 'FAILED'}.`,
    '',
    '| Figure | Value |',
    '| --- | ---: |',
    ...figures.entries().map(([name, value]) => `| ${name} | ${value} |`),
    END,
  ].join('\n');
  const start = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  if (start < 0 || end < 0) throw new Error(`${file} has no figures markers`);
  await writeFile(file, `${text.slice(0, start)}${table}${text.slice(end + END.length)}`);
}

try {
  await main();
} finally {
  // The PostgreSQL targets' throwaway cluster, started on first use.
  await stopSharedPostgresCluster();
}
