import { processAlive } from '../../util/process-alive.js';
import { link, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { EpError, ExitCode } from '../../kernel/errors.js';

export interface LockOptions {
  /** Give up after this long (ms). */
  readonly timeoutMs?: number;
  /** A lock older than this (ms) is stale even if its process seems alive. */
  readonly staleMs?: number;
}

interface LockOwner {
  readonly pid: number;
  readonly host: string;
  readonly createdAt: number;
}

/**
 * An exclusive lock beside a package (`<package>.lock`), created atomically with its owner inside, so exactly
 * one writer holds it.
 * A lock whose process is gone (same host) or that is older than `staleMs` is taken over: it is renamed
 * away atomically first, so two waiters cannot both break it.
 */
export async function withPackageLock<T>(packagePath: string, body: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const lockPath = `${packagePath}.lock`;
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  const staleMs = options.staleMs ?? 10 * 60_000;
  let delay = 5;
  for (;;) {
    try {
      if (await createLockFile(lockPath)) break;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') {
        throw new EpError('FILE_NOT_FOUND', `Cannot write ${packagePath}: its directory does not exist.`, { exitCode: ExitCode.notFound, details: { path: packagePath } });
      }
      throw error;
    }
    if (await breakIfStale(lockPath, staleMs)) continue;
    if (Date.now() > deadline) {
      throw new EpError('PACKAGE_LOCKED', `${packagePath} is locked by another writer (${lockPath}).`, {
        exitCode: ExitCode.general, details: { path: packagePath, lock: lockPath },
        suggestion: 'Retry later, or remove the lock file if no ep process is writing this package.',
      });
    }
    await new Promise((resolve) => setTimeout(resolve, delay + Math.random() * delay));
    delay = Math.min(delay * 2, 100);
  }
  try {
    return await body();
  } finally {
    await unlink(lockPath).catch(() => undefined);
  }
}

/**
 * Creates the lock with its owner already inside: the owner is written to a temp file that is then hard-linked
 * to the lock name (atomic, and refused when the lock exists). A writer killed at any moment thus leaves either
 * no lock or one naming its pid, which the next writer takes over at once; never an empty lock that only
 * ages out after `staleMs`.
 */
async function createLockFile(lockPath: string): Promise<boolean> {
  const owner: LockOwner = { pid: process.pid, host: hostname(), createdAt: Date.now() };
  const temp = `${lockPath}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temp, JSON.stringify(owner), { mode: 0o600, flag: 'wx' });
  try {
    await link(temp, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

async function breakIfStale(lockPath: string, staleMs: number): Promise<boolean> {
  let text: string;
  let age: number;
  try {
    text = await readFile(lockPath, 'utf8');
    age = Date.now() - (await stat(lockPath)).mtimeMs;
  } catch {
    return true;
  }
  let owner: Partial<LockOwner> = {};
  try {
    owner = JSON.parse(text) as LockOwner;
  } catch {
    // Being written right now, or garbage: judged by age alone.
  }
  const dead = typeof owner.pid === 'number' && owner.host === hostname() && !processAlive(owner.pid);
  if (!dead && age < staleMs) return false;
  const aside = `${lockPath}.stale-${process.pid}-${Math.random().toString(36).slice(2)}`;
  try {
    await rename(lockPath, aside);
  } catch {
    return true;
  }
  const taken = await readFile(aside, 'utf8').catch(() => '');
  if (taken !== text) {
    // Another waiter broke the stale lock and took a fresh one in between: give it back.
    await rename(aside, lockPath).catch(() => undefined);
    return false;
  }
  await unlink(aside).catch(() => undefined);
  return true;
}

