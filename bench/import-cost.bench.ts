import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, row, timeCommandsInterleaved, type TimedCommand } from './support/measure.js';

/**
 * What importing the package costs a fresh process: `import('ep-runtime')` and `import('ep-runtime/plugin')`
 * against `node -e ""` (the reference), each in its own `node`, the cases interleaved round by round.
 * `--compare <dir>` adds the same imports of another built checkout (say, main's) to the same rounds, so a
 * before/after comparison shares one reference and one machine load.
 */
const runs = Number(process.env.BENCH_RUNS ?? 21);
const args = process.argv.slice(2);
const compareAt = args.indexOf('--compare');
const compare = compareAt >= 0 ? path.resolve(args[compareAt + 1] ?? '') : args.find((arg) => arg.startsWith('--compare='))?.slice(10);

/** The entries of a checkout's package.json `exports` that are modules. */
function entriesOf(root: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
  return Object.entries(manifest.exports)
    .filter(([, target]) => typeof target === 'object')
    .map(([subpath]) => path.posix.join('ep-runtime', subpath));
}

/** `import(specifier)` in a fresh process started in `root`, so the package resolves to that checkout. */
function importIn(root: string, specifier: string): TimedCommand {
  if (!existsSync(path.join(root, 'dist/src/index.js'))) throw new Error(`${root} is not built: run npm run build there.`);
  return { command: process.execPath, args: ['--input-type=module', '-e', `await import(${JSON.stringify(specifier)})`], cwd: root };
}

const cases: Array<{ label: string; command: TimedCommand }> = [
  { label: 'node -e "" (reference)', command: { command: process.execPath, args: ['-e', ''] } },
];
for (const specifier of ['ep-runtime', 'ep-runtime/plugin']) {
  cases.push({ label: `import('${specifier}')`, command: importIn(REPO_ROOT, specifier) });
  if (compare && entriesOf(compare).includes(specifier)) {
    cases.push({ label: `import('${specifier}'), ${path.basename(compare)}`, command: importIn(compare, specifier) });
  }
}
const medians = timeCommandsInterleaved(
  cases.map(({ command }) => command),
  runs,
);
console.log('# Import cost in a fresh process (median of %d interleaved runs; ratio to `node -e ""`)', runs);
cases.forEach(({ label }, i) => console.log(row(label, medians[i]!, i === 0 ? undefined : medians[0])));
