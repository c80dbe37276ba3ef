import { EP_BIN, row, timeCommand } from './support/measure.js';

/** `ep --help` and `ep plugins list` against bare Node start-up, measured in the same run. Target: < 3x. */
const runs = Number(process.env.BENCH_RUNS ?? 15);
const node = timeCommand(process.execPath, ['-e', '0'], runs);
const help = timeCommand(process.execPath, [EP_BIN, '--help'], runs);
const list = timeCommand(process.execPath, [EP_BIN, 'plugins', 'list'], runs);
console.log('# CLI start-up (median of %d runs; ratio to `node -e 0`)', runs);
console.log(row('node -e 0 (reference)', node));
console.log(row('ep --help', help, node));
console.log(row('ep plugins list', list, node));
