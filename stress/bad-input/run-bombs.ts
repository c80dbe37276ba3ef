import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { unzipSync } from 'fflate';
import type { Figures } from '../support/figures.js';
import { runMeasured } from '../support/measured-run.js';
import type { Sandbox } from '../support/sandbox.js';
import { commitBombAt, largeRecordBlob, packedBlobBomb } from './bomb-packages.js';
import type { CorpusContext } from './cases.js';
import { packageFiles } from './hostile-packages.js';
import { buildZip, zerosPayload } from './zip-builder.js';

/** What a bomb may cost `ep` (and the git it runs) at most: the heap of an ordinary read, with room to spare. */
export const BOMB_PEAK_MIB = 256;

interface BombCase {
  readonly name: string;
  build(context: CorpusContext): Buffer;
  /** Commands run on the package in turn, each with the error code it must give (none: it must succeed). */
  readonly runs: ReadonlyArray<{ readonly args: readonly string[]; readonly code?: string }>;
  /** What must hold afterwards; a problem is described, else undefined. */
  check?(before: Buffer, after: Buffer): string | undefined;
}

const DEEP_RECORD = Buffer.from(`{"key": "note.deep", "value": ${'['.repeat(100_000)}${']'.repeat(100_000)}}\n`);
const refusedEverywhere = (code: string) => [
  { args: ['context', 'get', '--path', 'pkg.ep', '--key', 'note.alpha'], code },
  { args: ['context', 'history', '--path', 'pkg.ep'], code },
  { args: ['context', 'upsert', '--path', 'pkg.ep', '--json', '{"key":"note.gamma"}'], code },
];

/** One package per class of bomb or pathological size, through reads and writes. */
export const BOMB_CASES: readonly BombCase[] = [
  {
    name: 'zip member declaring 64 MiB',
    build: (context) => {
      const zeros = zerosPayload();
      return buildZip(
        context.base.map((member) =>
          member.name === 'scenarios/000001.json'
            ? { ...member, compressed: zeros.compressed, crc: zeros.crc, declaredSize: zeros.size }
            : member,
        ),
      );
    },
    runs: [{ args: ['context', 'get', '--path', 'pkg.ep', '--key', 'note.beta'], code: 'LIMIT_EXCEEDED' }],
  },
  {
    name: 'loose commit object inflating to 3 GiB',
    build: (context) => buildZip(context.repo(packageFiles(), commitBombAt('loose'))),
    runs: refusedEverywhere('LIMIT_EXCEEDED'),
  },
  {
    name: 'packed commit object inflating to 3 GiB',
    build: (context) => buildZip(context.repo(packageFiles(), commitBombAt('packed'))),
    runs: refusedEverywhere('LIMIT_EXCEEDED'),
  },
  {
    name: 'packed record blob inflating to 3 GiB',
    build: (context) => buildZip(context.repo(packageFiles(), packedBlobBomb())),
    runs: refusedEverywhere('LIMIT_EXCEEDED'),
  },
  {
    name: 'record blob of 64 MiB read through git',
    build: (context) => buildZip(context.repo(packageFiles(), largeRecordBlob(64 * 1024 * 1024))),
    runs: [{ args: ['context', 'get', '--path', 'pkg.ep', '--key', 'note.beta'], code: 'LIMIT_EXCEEDED' }],
  },
  {
    name: 'record blob of 15 MiB read through git',
    build: (context) => buildZip(context.repo(packageFiles(), largeRecordBlob(15 * 1024 * 1024))),
    runs: [{ args: ['context', 'get', '--path', 'pkg.ep', '--key', 'note.beta'] }],
  },
  {
    name: 'record nested 100,000 deep',
    build: (context) =>
      buildZip(context.repo(packageFiles([{ key: 'note.alpha', summary: 'first' }, DEEP_RECORD, { key: 'note.beta', summary: 'second' }]))),
    runs: [
      { args: ['context', 'search', '--path', 'pkg.ep', '--query', 'first'] },
      { args: ['context', 'get', '--path', 'pkg.ep', '--key', 'note.deep'], code: 'LIMIT_EXCEEDED' },
      { args: ['context', 'upsert', '--path', 'pkg.ep', '--json', '{"key":"note.gamma"}'] },
      { args: ['context', 'get', '--path', 'pkg.ep', '--key', 'note.gamma'] },
    ],
    check: (before, after) => {
      const file = 'scenarios/000002.json';
      return Buffer.compare(unzipSync(before)[file]!, unzipSync(after)[file]!) === 0
        ? undefined
        : `${file} changed when another record was written`;
    },
  },
  {
    name: 'local header naming another member',
    build: (context) =>
      buildZip(
        context.base.map((member) =>
          member.name === 'scenarios/000001.json' ? { ...member, localName: 'scenarios/000009.json' } : member,
        ),
      ),
    runs: [{ args: ['context', 'get', '--path', 'pkg.ep', '--key', 'note.alpha'], code: 'INVALID_PACKAGE' }],
  },
];

/**
 * Each bomb once, in a fixed order, through the first `runs` commands listed for it: the answer must be the
 * expected envelope, within the time bound and BOMB_PEAK_MIB. The slowest run's time and the largest peak of
 * each case are recorded as figures (docs/reliability.md).
 */
export async function runBombs(
  context: CorpusContext,
  sandbox: Sandbox,
  figures: Figures,
  options: { runs: number; timeoutMs: number },
): Promise<void> {
  const { timeoutMs } = options;
  for (const [index, bomb] of BOMB_CASES.entries()) {
    const cwd = path.join(sandbox.work, `bomb-${index}`);
    await mkdir(cwd, { recursive: true });
    const before = bomb.build(context);
    await writeFile(path.join(cwd, 'pkg.ep'), before);
    let slowest = 0;
    let peak = 0;
    const runs = bomb.runs.slice(0, options.runs);
    for (const { args, code } of runs) {
      const run = await runMeasured(args, { cwd, env: sandbox.env({ EP_HOME: path.join(cwd, '.ep-home') }), timeoutMs });
      const label = `bomb "${bomb.name}": ep ${args.slice(0, 2).join(' ')}`;
      figures.add('processes');
      figures.add('inputs tried');
      slowest = Math.max(slowest, run.ms);
      peak = Math.max(peak, run.peakKb / 1024);
      if (run.outcome === 'crash') figures.fail('crashes', `${label}: ${run.problem}\n${run.stderr.slice(0, 600)}`);
      else if (run.outcome === 'hang') figures.fail('hangs', `${label}: ${run.problem}`);
      else if (run.envelope?.error?.code !== code)
        figures.fail('unexpected successes', `${label}: expected ${code ?? 'ok'}, got ${run.stdout.slice(0, 300)}`);
      else figures.add(code ? 'error envelopes' : 'accepted harmless inputs');
      if (!(run.peakKb / 1024 <= BOMB_PEAK_MIB))
        figures.fail('bounds exceeded', `${label}: peak memory ${(run.peakKb / 1024).toFixed(0)} MiB`);
    }
    const problem = runs.length === bomb.runs.length ? bomb.check?.(before, await readFile(path.join(cwd, 'pkg.ep'))) : undefined;
    if (problem) figures.fail('losses', `bomb "${bomb.name}": ${problem}`);
    figures.add(`bomb: ${bomb.name}: slowest run, ms`, Math.round(slowest));
    figures.add(`bomb: ${bomb.name}: peak memory, MiB`, Math.round(peak));
  }
}
