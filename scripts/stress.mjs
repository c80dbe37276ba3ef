#!/usr/bin/env node
// Builds, then runs the stress, crash and bad-input suite (dist/stress/run-stress.js). `--short` runs the
// seconds-long version `npm test` uses; `--seed N` replays a corpus; `--only <suite>` runs one suite.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { build } from './build.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);
if ((await build()) !== 0) process.exit(1);
const result = spawnSync(process.execPath, ['dist/stress/run-stress.js', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
