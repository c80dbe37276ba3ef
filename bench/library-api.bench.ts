import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createEp } from '../src/api/ep.js';
import { searchContext } from '../src/api/context-records.js';
import { listTools } from '../src/api/tools.js';
import { median, row, timeFunction } from './support/measure.js';

/**
 * What binding the API to one started runtime saves an embedder: the same call through `createEp` (one
 * runtime for every call, the reference) and through the per-call function (a runtime started and stopped
 * for each call), with the cost of starting and stopping a runtime on its own.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const dir = mkdtempSync(path.join(tmpdir(), 'ep-bench-api-'));
const options = { cwd: dir, env: { EP_HOME: path.join(dir, 'home') } };
const RECORDS = Array.from({ length: 200 }, (_, i) => ({
  key: `note.${i}`,
  kind: 'note',
  summary: `Finding ${i} about ${i % 2 ? 'pilot budgets' : 'survey consent'} and topic ${i % 17}.`,
}));

/** Medians of two bodies timed in alternation, so warm-up and machine load fall on both alike. */
async function interleaved(a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number, number]> {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < RUNS + 3; i += 1) {
    for (const [slot, body] of [a, b].entries()) {
      const start = process.hrtime.bigint();
      await body();
      if (i >= 3) times[slot]!.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  return [median(times[0]), median(times[1])];
}

try {
  const coldStart = process.hrtime.bigint();
  const ep = await createEp(options);
  const firstStart = Number(process.hrtime.bigint() - coldStart) / 1e6;
  await ep.packages.save('notes.ep', RECORDS, { message: 'Seed' });
  await ep.contexts.use('notes.ep');

  const startStop = await timeFunction(async () => (await createEp(options)).shutdown(), RUNS);
  const [boundList, perCallList] = await interleaved(
    () => ep.tools.list(),
    () => listTools(options),
  );
  const [boundSearch, perCallSearch] = await interleaved(
    () => ep.contexts.search({ query: 'pilot budgets' }),
    () => searchContext({ query: 'pilot budgets' }, options),
  );
  await ep.shutdown();

  console.log(`# Library API: one runtime for every call vs a runtime per call (median of ${RUNS} runs)`);
  console.log(row('first createEp in the process (loads plugin modules)', firstStart));
  console.log(row('createEp + shutdown, modules loaded', startStop));
  console.log(row('ep.tools.list() (reference)', boundList));
  console.log(row('listTools() with a runtime per call', perCallList, boundList));
  console.log(row(`ep.contexts.search(), ${RECORDS.length} records (reference)`, boundSearch));
  console.log(row('searchContext() with a runtime per call', perCallSearch, boundSearch));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
