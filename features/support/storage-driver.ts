import { execa } from 'execa';
import { unzipSync } from 'fflate';
import { mkdir, mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Scenario } from '../../src/records/scenario.js';
import { GitPackageStore, type GitPackageStoreOptions } from '../../src/storage/git-package-store.js';
import { readZip } from '../../src/storage/zip/zip-reader.js';
import type { EpWorld } from './world.js';
import { REPO_ROOT } from './world.js';
import { GIT_ENV } from './storage-edsl-fixtures.js';

/** Library-level driver for the storage features: every step goes through the public store or context API. */
export function store(options: GitPackageStoreOptions = {}): GitPackageStore {
  return new GitPackageStore(options);
}

export function richRecords(): Scenario[] {
  return [
    {
      key: 'unicode',
      text: 'Caf\u00e9 \u2014 \u65e5\u672c\u8a9e \ud83d\ude00 "quoted" back\\slash\nnew line\ttab \u0007',
      '\u00e9cole': '\u00fcber',
    },
    { key: 'nested', deep: { a: { b: { c: [1, { d: null }] } }, empty: {}, list: [] } },
    { key: 'lists', tags: ['a', 'b'], mixed: [1, 'two', null, true, false, 2.5, [3, [4]]] },
    {
      key: 'numbers',
      zero: 0,
      negative: -42,
      big: 9007199254740991,
      half: 0.5,
      small: 1e-7,
      huge: 1.5e300,
      third: 1 / 3,
      negativeZero: -0.125,
    },
    { key: 'nulls', nothing: null, flags: [null, null] },
  ];
}

export function keyedRecords(count: number): Scenario[] {
  return Array.from({ length: count }, (_, i) => ({
    key: `rec.${i + 1}`,
    kind: 'note',
    summary: `Summary ${i + 1}`,
    tags: ['test'],
    n: i + 1,
  }));
}

export async function listMembers(file: string): Promise<{ name: string; unixMode: number }[]> {
  return readZip(await readFile(file), file).map(({ name, unixMode }) => ({ name, unixMode }));
}

export async function archiveFiles(file: string): Promise<Record<string, Uint8Array>> {
  return unzipSync(new Uint8Array(await readFile(file)));
}

/** Unpacks an archive with an independent reader, for plain git to inspect. */
export async function unpack(world: EpWorld, file: string): Promise<string> {
  const dir = await mkdtemp(path.join(world.dir, 'unpacked-'));
  for (const [name, data] of Object.entries(await archiveFiles(file))) {
    if (name.endsWith('/')) continue;
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), data);
  }
  return dir;
}

export async function plainGit(cwd: string, args: string[]): Promise<string> {
  return (await execa('git', args, { cwd, env: GIT_ENV })).stdout;
}

export async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

export function workerScript(name: string): string {
  return path.join(REPO_ROOT, 'dist/scripts', `${name}.js`);
}

/** Runs `body` with os.tmpdir() pointing at a fresh directory, and returns what was left in it. */
export async function leftoverTempEntries(world: EpWorld, body: () => Promise<void>): Promise<string[]> {
  const dir = path.join(world.dir, 'private-tmp');
  await mkdir(dir, { recursive: true });
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  try {
    await body();
  } finally {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
  }
  return readdir(dir);
}
