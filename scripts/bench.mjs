#!/usr/bin/env node
// Builds, then runs every benchmark under bench/ (or those whose file name contains an argument).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { build } from './build.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);
if ((await build()) !== 0) process.exit(1);
// Bench names filter; `--option value` and `--option=value` pass through to every benchmark.
const filters = [];
const extra = [];
for (let i = 2; i < process.argv.length; i += 1) {
  const arg = process.argv[i];
  if (!arg.startsWith('--')) filters.push(arg);
  else if (arg.includes('=') || i + 1 >= process.argv.length || process.argv[i + 1].startsWith('--')) extra.push(arg);
  else extra.push(arg, process.argv[(i += 1)]);
}
const benches = readdirSync('dist/bench')
  .filter((f) => f.endsWith('.bench.js'))
  .filter((f) => filters.length === 0 || filters.some((filter) => f.includes(filter)));
let status = 0;
for (const file of benches) {
  console.log(`\n== ${file.replace('.bench.js', '')}`);
  const result = spawnSync(process.execPath, ['--expose-gc', path.join('dist/bench', file), ...extra], { stdio: 'inherit' });
  status ||= result.status ?? 1;
}
process.exit(status);
