import { execFileSync } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { commitBombAt, largeRecordBlob, packedBlobBomb, type GitIn, type RepoEdit } from '../../stress/bad-input/bomb-packages.js';
import { runMeasured } from '../../stress/support/measured-run.js';
import type { Scenario } from '../../src/records/scenario.js';
import { splitCommandLine } from './command-line.js';
import { edslWorktree, GIT_ENV, zipWorktree } from './storage-edsl-fixtures.js';
import type { EpWorld } from './world.js';

/**
 * Packages that are bombs or hold pathological sizes, made as EDSL makes packages (real git, an independent
 * zip writer) and then changed with git and zlib (stress/bad-input/bomb-packages.ts).
 */
const BASE: Scenario[] = [
  { key: 'note.alpha', summary: 'first' },
  { key: 'note.beta', summary: 'second' },
];

const BOMBS: Record<string, RepoEdit> = {
  'HEAD commit, a loose object,': commitBombAt('loose'),
  'HEAD commit, in a pack,': commitBombAt('packed'),
  'HEAD record file, in a pack,': packedBlobBomb(),
};

export function bombEdit(object: string): RepoEdit {
  const edit = BOMBS[object];
  if (!edit) throw new Error(`no bomb "${object}"; known: ${Object.keys(BOMBS).join(', ')}`);
  return edit;
}

export function largeRecordEdit(mebibytes: number): RepoEdit {
  return largeRecordBlob(mebibytes * 1024 * 1024);
}

/** A package of `records` (texts are stored as they are), changed by `edit`, zipped to `name`. */
export async function writeChangedPackage(
  world: EpWorld,
  name: string,
  records: ReadonlyArray<string | Scenario> = BASE,
  edit?: RepoEdit,
): Promise<void> {
  const dir = await edslWorktree([{ records, message: 'Save ScenarioList' }]);
  try {
    const git: GitIn = (args, input) =>
      execFileSync('git', args, {
        cwd: dir,
        env: { ...GIT_ENV, PATH: process.env.PATH ?? '' },
        encoding: 'utf8',
        ...(input === undefined ? {} : { input }),
      });
    edit?.(dir, git);
    await zipWorktree(dir, world.resolve(name));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The base records with a record nested `depth` levels deep, keyed `key`, between them. */
export function withDeepRecord(key: string, depth: number): Array<string | Scenario> {
  return [BASE[0]!, `{\n  "key": "${key}",\n  "value": ${'['.repeat(depth - 1)}1${']'.repeat(depth - 1)}\n}\n`, BASE[1]!];
}

/** Renames a member in its local header only (same length), as a crafted archive would. */
export async function renameInLocalHeader(world: EpWorld, name: string, member: string, localName: string): Promise<void> {
  if (Buffer.byteLength(member) !== Buffer.byteLength(localName)) throw new Error('the names must have the same length');
  const bytes = await readFile(world.resolve(name));
  const header = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
  for (let at = bytes.indexOf(header); at >= 0; at = bytes.indexOf(header, at + 4)) {
    const length = bytes.readUInt16LE(at + 26);
    if (bytes.toString('utf8', at + 30, at + 30 + length) === member) {
      bytes.write(localName, at + 30, 'utf8');
      await writeFile(world.resolve(name), bytes);
      return;
    }
  }
  throw new Error(`${member} is not in ${name}`);
}

/** What Python's zipfile says when it reads every member of the archive: `ok`, or its error. */
export function pythonZipVerdict(world: EpWorld, name: string): string {
  const script = [
    'import sys, zipfile',
    'try:',
    '    archive = zipfile.ZipFile(sys.argv[1])',
    '    for name in archive.namelist(): archive.read(name)',
    '    print("ok")',
    'except zipfile.BadZipFile as error:',
    '    print(error)',
  ].join('\n');
  return execFileSync('python3', ['-c', script, world.resolve(name)], { encoding: 'utf8' }).trim();
}

/** A member's bytes in an archive. */
export async function memberBytes(world: EpWorld, name: string, member: string): Promise<Buffer> {
  const data = unzipSync(new Uint8Array(await readFile(world.resolve(name))))[member];
  if (!data) throw new Error(`${member} is not in ${name}`);
  return Buffer.from(data);
}

/** Runs `ep` as world.ep does, measuring its time and the peak memory of ep and the git it runs. */
export async function runMeasuredEp(world: EpWorld, commandLine: string): Promise<{ ms: number; peakMib: number }> {
  const args = splitCommandLine(commandLine).slice(commandLine.startsWith('ep ') ? 1 : 0);
  const run = await runMeasured(args, {
    cwd: world.dir,
    env: { PATH: process.env.PATH ?? '', EP_HOME: world.home, TMPDIR: world.resolve('.tmp') },
    timeoutMs: 60_000,
  });
  world.last = { args, exitCode: run.exitCode ?? -1, stdout: run.stdout, stderr: run.stderr, envelope: run.envelope };
  return { ms: run.ms, peakMib: run.peakKb / 1024 };
}
