#!/usr/bin/env node
// Runs the whole suite: type check and build, lint and format checks, unit tests, the short stress suite,
// acceptance scenarios (strict), and prints one plain summary line `N passed, N failed` at the end, which CI reads.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from './build.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);
mkdirSync('reports', { recursive: true });
const run = (command, args) => spawnSync(command, args, { stdio: 'inherit', shell: false }).status ?? 1;
let passed = 0;
let failed = 0;

console.log('== type check and build (tsc)');
if ((await build()) !== 0) {
  failed += 1;
  finish();
}
passed += 1;

// Each is one check: a lint error or an unformatted file fails the run like a failing test.
console.log('== lint (eslint .)');
if (run(process.execPath, ['node_modules/eslint/bin/eslint.js', '.']) === 0) passed += 1;
else failed += 1;

console.log('== format (prettier --check .)');
if (run(process.execPath, ['node_modules/prettier/bin/prettier.cjs', '--check', '.']) === 0) passed += 1;
else failed += 1;

console.log('== unit and property tests (node:test)');
rmSync('reports/unit.tap', { force: true });
const unitStatus = run(process.execPath, [
  '--test',
  '--test-reporter=spec',
  '--test-reporter-destination=stdout',
  '--test-reporter=tap',
  '--test-reporter-destination=reports/unit.tap',
  'dist/test/',
]);
const tap = existsSync('reports/unit.tap') ? readFileSync('reports/unit.tap', 'utf8') : '';
const count = (name) => Number(tap.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? 0);
passed += count('pass');
failed += count('fail') + count('cancelled');
if (unitStatus !== 0 && count('fail') + count('cancelled') === 0) failed += 1;

console.log('== stress, crash and bad-input suite, short (npm run stress -- --short)');
if (run(process.execPath, ['dist/stress/run-stress.js', '--short']) === 0) passed += 1;
else failed += 1;

console.log('== acceptance scenarios (cucumber, strict)');
rmSync('reports/cucumber.json', { force: true });
const cucumberStatus = run(process.execPath, ['node_modules/@cucumber/cucumber/bin/cucumber.js']);
let scenarioFailures = 0;
if (existsSync('reports/cucumber.json')) {
  for (const feature of JSON.parse(readFileSync('reports/cucumber.json', 'utf8') || '[]')) {
    for (const element of feature.elements ?? []) {
      if (element.type !== 'scenario') continue;
      const ok = element.steps.every((step) => step.result?.status === 'passed');
      if (ok) passed += 1;
      else scenarioFailures += 1;
    }
  }
}
failed += scenarioFailures;
if (cucumberStatus !== 0 && scenarioFailures === 0) failed += 1;
finish();

function finish() {
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}
