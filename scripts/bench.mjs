#!/usr/bin/env node
// Builds, then runs every benchmark under bench/ (or those whose file name contains an argument).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);
if (spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json'], { stdio: 'inherit' }).status !== 0) process.exit(1);
const filters = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const extra = process.argv.slice(2).filter((arg) => arg.startsWith('--'));
const benches = readdirSync('dist/bench').filter((f) => f.endsWith('.bench.js'))
  .filter((f) => filters.length === 0 || filters.some((filter) => f.includes(filter)));
let status = 0;
for (const file of benches) {
  console.log(`\n== ${file.replace('.bench.js', '')}`);
  const result = spawnSync(process.execPath, ['--expose-gc', path.join('dist/bench', file), ...extra], { stdio: 'inherit' });
  status ||= result.status ?? 1;
}
process.exit(status);
