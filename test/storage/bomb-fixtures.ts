import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RepoEdit } from '../../stress/bad-input/bomb-packages.js';
import { gitPackageMembers, packageFiles } from '../../stress/bad-input/hostile-packages.js';
import { buildZip, type RawMember } from '../../stress/bad-input/zip-builder.js';

/** Runs `body` with a fresh temp directory, removed afterwards. */
export async function inTempDir(body: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ep-bombs-'));
  try {
    await body(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export const GIT_FIXTURE_ENV = { PATH: process.env.PATH ?? '/usr/bin:/bin', GIT_CONFIG_GLOBAL: '/dev/null', HOME: tmpdir() };

/**
 * A package committed by git from these records (as EDSL writes them), changed by `edit` and zipped as
 * it is, members changed by `members` first; returns the archive's path.
 */
export async function writePackage(
  dir: string,
  name: string,
  options: {
    records?: readonly unknown[];
    edit?: RepoEdit;
    members?: (members: RawMember[]) => RawMember[];
  } = {},
): Promise<string> {
  const repo = path.join(dir, `${name}.repo`);
  const members = gitPackageMembers(repo, GIT_FIXTURE_ENV, packageFiles(options.records), options.edit);
  const file = path.join(dir, name);
  await writeFile(file, buildZip(options.members ? options.members(members) : members));
  return file;
}

/** The peak resident set of this process so far, in MiB (it never goes down). */
export function peakMib(): number {
  return process.resourceUsage().maxRSS / 1024;
}
