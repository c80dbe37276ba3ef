import { lstat, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { git, zipWorktree } from './storage-edsl-fixtures.js';
import { plainGit, unpack } from './storage-driver.js';
import type { EpWorld } from './world.js';

/** Where a package's HEAD and `main` point, as plain git sees them in an independently unpacked copy. */
export interface HeadState {
  /** The branch HEAD names, or null when detached. */
  readonly branch: string | null;
  readonly head: string;
  readonly parent: string;
  readonly main: string;
  /** `git status --porcelain` is empty: the working tree and index equal HEAD, so EDSL's next save is allowed. */
  readonly clean: boolean;
}

/**
 * Detaches a package's HEAD the way EDSL's `sl.git.checkout(sha)` does: `git checkout <sha>` in the unpacked
 * worktree with real git, then the worktree is zipped again. Remembers the commit HEAD was detached at.
 */
export async function detachHead(world: EpWorld, file: string, revision: string): Promise<void> {
  const dir = await unpack(world, world.resolve(file));
  try {
    const commit = await plainGit(dir, ['rev-parse', `${revision}^{commit}`]);
    await git(dir, ['checkout', '-q', '--detach', commit]);
    world.values.set('detachedAt', commit);
    world.values.set('mainBefore', await plainGit(dir, ['rev-parse', 'main']));
    await zipWorktree(dir, world.resolve(file));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function headState(world: EpWorld, file: string): Promise<HeadState> {
  const dir = await unpack(world, world.resolve(file));
  try {
    const branch = await plainGit(dir, ['symbolic-ref', '-q', '--short', 'HEAD']).catch(() => null);
    const [head, parent, main] = (await plainGit(dir, ['rev-parse', 'HEAD', 'HEAD^', 'main'])).split('\n');
    return { branch, head: head!, parent: parent!, main: main!, clean: (await plainGit(dir, ['status', '--porcelain'])) === '' };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A symbolic link at `link` to `target` (both relative to the project), written relative as a user would. */
export async function linkPackage(world: EpWorld, target: string, link: string): Promise<void> {
  await symlink(path.relative(path.dirname(world.resolve(link)), world.resolve(target)), world.resolve(link));
}

/** The link's target relative to the project, or undefined when `link` is not a symbolic link. */
export async function linkTarget(world: EpWorld, link: string): Promise<string | undefined> {
  if (!(await lstat(world.resolve(link))).isSymbolicLink()) return undefined;
  return path.relative(world.dir, path.resolve(path.dirname(world.resolve(link)), await readlink(world.resolve(link))));
}

/** A lock on `file` held by a live process on this host (this one), as a concurrent writer holds it. */
export async function holdLock(world: EpWorld, file: string): Promise<void> {
  await writeFile(`${world.resolve(file)}.lock`, JSON.stringify({ pid: process.pid, host: hostname(), createdAt: Date.now() }));
}

/** Writers in this project give up waiting for a package lock after `ms`. */
export async function limitLockWait(world: EpWorld, ms: number): Promise<void> {
  await world.writeJson('.edsl/ep.json', { options: { 'builtin/storage-ep': { lockTimeoutMs: ms } } });
}
