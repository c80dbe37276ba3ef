import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { ContextAssembler } from '../src/context/assembly/contracts.js';
import { ContextRequest } from '../src/context/assembly/context-request.js';
import { readSourceFiles } from '../src/context/code/source-files.js';
import { languageOf } from '../src/context/code/languages.js';
import { parserFor } from '../src/context/code/tree-sitter-runtime.js';
import { EpRuntime } from '../src/runtime/runtime.js';
import { buildCodeCorpus } from './support/code-corpus.js';
import { EP_BIN, row, timeCommandsInterleaved, timeFunction } from './support/measure.js';

/**
 * Code context over a source tree of about 100,000 lines (real JavaScript from node_modules and a generated
 * Python package). Targets: first request < 5 s; a repeat request < 50 ms in process and < 300 ms as a CLI
 * call (cache warm, `ep context request` and `ep code map`); memory < 500 MB. References, same run: the
 * plain grammar loop, tree-sitter parsing the same files and nothing else (the floor of any parse), and
 * `node -e 0` and `ep --help` for the CLI calls, interleaved with them so machine load falls on all alike.
 */
const targetLines = Number(process.env.BENCH_CODE_LINES ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 5);
const dir = await mkdtemp(path.join(tmpdir(), 'ep-bench-code-'));
const home = path.join(tmpdir(), `${path.basename(dir)}-home`);
const env = { ...process.env, EP_HOME: home };
const request = new ContextRequest({
  purpose: 'adjust ledger amounts',
  focus: ['uko-py:class/Service10x1'],
  depth: 'SIGNATURES',
  breadth: 2,
});

try {
  const loadAtStart = loadavg().map((value) => value.toFixed(1));
  const corpus = await buildCodeCorpus(dir, targetLines);
  console.log('# code context over %d files, %d lines (median of %d runs where repeated)', corpus.files, corpus.lines, runs);

  const firstStart = process.hrtime.bigint();
  const runtime = await EpRuntime.create({ cwd: dir, env });
  const assembler = runtime.get(ContextAssembler);
  const first = await assembler.requestContext(request);
  const firstMs = Number(process.hrtime.bigint() - firstStart) / 1e6;
  const rssMb = process.memoryUsage().rss / 2 ** 20;
  const repeat = await timeFunction(() => assembler.requestContext(request), runs);
  const noFocus = new ContextRequest({ purpose: 'adjust ledger amounts and record notes', depth: 'SIGNATURES' });
  const firstRanked = await timeFunction(() => assembler.requestContext(noFocus), 1, 0);
  const ranked = await timeFunction(() => assembler.requestContext(noFocus), runs);
  await runtime.shutdown();

  const floor = await grammarLoop(dir);
  const requestArgs = ['context', 'request', '--purpose', 'adjust ledger amounts', '--focus', 'uko-py:class/Service10x1'];
  // Its own `.edsl/` makes it the root, so no `--root` option is given (options are schema-checked, which a
  // plain call does not pay).
  const emptyTree = path.join(dir, 'empty');
  await mkdir(path.join(emptyTree, '.edsl'), { recursive: true });
  const rankedArgs = ['context', 'request', '--purpose', 'adjust ledger amounts and record notes', '--depth', 'SIGNATURES'];
  const [node, help, emptyMap, cliRequest, cliRanked, cliMap] = timeCommandsInterleaved(
    [
      { command: process.execPath, args: ['-e', '0'], cwd: dir, env },
      { command: process.execPath, args: [EP_BIN, '--help'], cwd: dir, env },
      { command: process.execPath, args: [EP_BIN, 'code', 'map'], cwd: emptyTree, env },
      { command: process.execPath, args: [EP_BIN, ...requestArgs, '--depth', 'SIGNATURES', '--breadth', '2'], cwd: dir, env },
      { command: process.execPath, args: [EP_BIN, ...rankedArgs], cwd: dir, env },
      { command: process.execPath, args: [EP_BIN, 'code', 'map'], cwd: dir, env },
    ],
    runs,
  );
  // The same tree as a git work tree, as most projects are: its files are listed by `git ls-files` once, and
  // the listing is kept while no directory, ignore file or the index changes. A listing made less than two
  // seconds after a change is not trusted (coarse timestamps), so the rounds start once the tree is quiet,
  // as it is between most calls: editing files changes no directory.
  if (spawnSync('git', ['init', '-q'], { cwd: dir }).status !== 0) throw new Error(`git init failed in ${dir}`);
  await new Promise((resolve) => setTimeout(resolve, 2_100));
  const [gitNode, gitRequest] = timeCommandsInterleaved(
    [
      { command: process.execPath, args: ['-e', '0'], cwd: dir, env },
      { command: process.execPath, args: [EP_BIN, ...requestArgs, '--depth', 'SIGNATURES', '--breadth', '2'], cwd: dir, env },
    ],
    runs,
  );
  const load = loadavg().map((value) => value.toFixed(1));

  console.log(row('plain grammar loop: parse every file (floor)', floor.ms));
  console.log(`  ${floor.files} files, ${(floor.files / (floor.ms / 1000)).toFixed(0)} files/s`);
  console.log(row('first request: list, parse, graph, index, answer', firstMs, floor.ms));
  console.log(
    `  ${(corpus.files / (firstMs / 1000)).toFixed(0)} files/s end to end; ` +
      `${first.fragments.length} fragments, ${first.totalTokens} tokens`,
  );
  console.log(`  resident memory after the first request: ${rssMb.toFixed(0)} MB`);
  console.log(row('repeat request, in process', repeat));
  console.log(row('no focus, PageRank ranking: first', firstRanked));
  console.log(row('no focus, PageRank ranking: repeated', ranked));
  console.log(row('node -e 0 (CLI reference)', node!));
  console.log(row('ep --help', help!, node));
  console.log(row('ep code map of an empty tree (start-up share)', emptyMap!, node));
  console.log(row('repeat ep context request, CLI (cache warm)', cliRequest!, node));
  console.log(row('repeat ep context request without focus (PageRank), CLI (cache warm)', cliRanked!, node));
  console.log(row('repeat ep code map, CLI (cache warm)', cliMap!, node));
  console.log(row('node -e 0 (git rounds)', gitNode!));
  console.log(row('repeat ep context request, git work tree (warm)', gitRequest!, gitNode));
  console.log(`  load average (1, 5, 15 min) at the start: ${loadAtStart.join(', ')}; after the CLI runs: ${load.join(', ')}`);
} finally {
  await rm(dir, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
}

/** tree-sitter over the same files the code source reads, nothing else: read, parse, free. */
async function grammarLoop(root: string): Promise<{ ms: number; files: number }> {
  const files = await readSourceFiles({ dir: root });
  const parsers = new Map<string, Awaited<ReturnType<typeof parserFor>>>();
  for (const file of files) {
    const { language } = languageOf(file.path)!;
    if (!parsers.has(language)) parsers.set(language, await parserFor(language));
  }
  const start = process.hrtime.bigint();
  for (const file of files) {
    const text = await readFile(path.join(root, file.path), 'utf8');
    parsers.get(languageOf(file.path)!.language)!.parse(text)?.delete();
  }
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  for (const parser of parsers.values()) parser.delete();
  return { ms, files: files.length };
}
