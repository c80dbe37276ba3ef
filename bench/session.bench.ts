import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FileSessionStore } from '../src/sessions/store/file-session-store.js';
import { serializeRecord } from '../src/sessions/store/log-format.js';
import { agentFunction } from '../src/sessions/agent-function.js';
import { openSession } from '../src/sessions/session-context.js';
import type { LogRecord } from '../src/sessions/call-node.js';
import { median, row, timeFunction } from './support/measure.js';

/**
 * Session store figures, each against a reference measured in the same run:
 * - reading a 100,000-node session (target < 1 s), against JSON.parse of the same bytes;
 * - the cost recording adds to a call (target < 100 µs on average), against the same function undecorated.
 */
const NODES = Number(process.env.BENCH_SESSION_NODES ?? 100_000);
const CALLS = Number(process.env.BENCH_SESSION_CALLS ?? 20_000);
const home = mkdtempSync(path.join(tmpdir(), 'ep-bench-session-'));

try {
  const store = new FileSessionStore({ home, git: false });
  await store.open('bench-read');
  const records: LogRecord[] = [];
  for (let seq = 1; seq <= NODES; seq += 1) {
    const id = `c_${seq.toString(16).padStart(12, '0')}`;
    records.push({
      id,
      kind: 'call',
      name: 'step',
      seq,
      turn: 'turn_bench',
      caller: seq % 10 === 1 ? null : `c_${(seq - (seq % 10) + 1).toString(16).padStart(12, '0')}`,
      predecessor: null,
      instructions: 'Do one step of the plan.',
      input: { topic: `topic ${seq}`, depth: seq % 7 },
      status: 'running',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    records.push({ id, status: 'completed', output: `finding number ${seq}`, endedAt: '2026-01-01T00:00:00.005Z', durationMs: 5 });
  }
  const bytes = records.map(serializeRecord).join('');
  const logFile = path.join(home, 'sessions', 'bench-read', 'history', 'nodes.jsonl');
  mkdirSync(path.dirname(logFile), { recursive: true });
  writeFileSync(logFile, bytes);
  const arrayBytes = `[${bytes.slice(0, -1).replaceAll('\n', ',')}]`;

  const runs = Number(process.env.BENCH_RUNS ?? 5);
  const parseOnly = await timeFunction(() => JSON.parse(arrayBytes), runs, 1);
  const readAndParse = await timeFunction(
    async () => JSON.parse(`[${(await readFile(logFile, 'utf8')).slice(0, -1).replaceAll('\n', ',')}]`),
    runs,
    1,
  );
  let nodeCount = 0;
  const readSession = await timeFunction(
    async () => {
      nodeCount = (await store.read('bench-read')).nodes.length;
    },
    runs,
    1,
  );
  console.log(
    `# Reading a session of ${nodeCount} nodes (${(bytes.length / 1e6).toFixed(1)} MB, median of ${runs} runs; target < 1000 ms)`,
  );
  console.log(row('JSON.parse of the same bytes (reference)', parseOnly));
  console.log(row('read file + JSON.parse (reference)', readAndParse, parseOnly));
  console.log(row('store.read (parse + fold into nodes)', readSession, parseOnly));

  const plain = (input: { n: number }) => input.n * 2;
  const recorded = agentFunction({ name: 'double', instructions: 'Double the number.' }, plain);
  const perCall = async (fn: (input: { n: number }) => number) => {
    const samples: number[] = [];
    await openSession({ store, env: { EP_HOME: home } }, () => {
      for (let round = 0; round < 5; round += 1) {
        const start = process.hrtime.bigint();
        for (let i = 0; i < CALLS / 5; i += 1) fn({ n: i });
        samples.push(Number(process.hrtime.bigint() - start) / 1e3 / (CALLS / 5));
      }
    });
    return median(samples);
  };
  const plainUs = await perCall(plain);
  const recordedUs = await perCall(recorded);
  console.log(`# Recording a call (${CALLS} sync calls in one session, µs per call, median of 5 rounds; target < 100 µs added)`);
  console.log(`${'undecorated call (reference)'.padEnd(48)} ${plainUs.toFixed(3).padStart(9)} µs`);
  console.log(`${'recorded call (node start + finish appended)'.padEnd(48)} ${recordedUs.toFixed(3).padStart(9)} µs`);
  console.log(`${'added by recording'.padEnd(48)} ${(recordedUs - plainUs).toFixed(3).padStart(9)} µs`);
} finally {
  rmSync(home, { recursive: true, force: true });
}
