import { loadavg } from 'node:os';
import { EP_BIN, loadAverageLine, row, timeCommandsInterleaved } from './support/measure.js';

/** `ep --help` and `ep plugins list` against bare Node start-up, interleaved in the same rounds. Target: 1.3x. */
const runs = Number(process.env.BENCH_RUNS ?? 15);
const load = loadavg();
const [node, help, list] = timeCommandsInterleaved(
  [
    ['-e', '0'],
    [EP_BIN, '--help'],
    [EP_BIN, 'plugins', 'list'],
  ].map((args) => ({ command: process.execPath, args })),
  runs,
);
console.log('# CLI start-up (median of %d runs; ratio to `node -e 0` in the same rounds)', runs);
console.log(loadAverageLine(load));
console.log(row('node -e 0 (reference)', node!));
console.log(row('ep --help', help!, node));
console.log(row('ep plugins list', list!, node));
