import { link, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { processAlive } from './process-alive.js';

export interface FileLockOptions {
  /** Give up after this long (ms); waits for good when absent. */
  readonly timeoutMs?: number;
  /** A lock older than this (ms) is stale even if its process seems alive (default ten minutes). */
  readonly staleMs?: number;
  /** The error to throw when `timeoutMs` passes. */
  readonly timeoutError?: () => Error;
  /** The error to throw when the lock's directory does not exist. */
  readonly missingDirectoryError?: () => Error;
}

interface LockOwner {
  readonly pid: number;
  readonly host: string;
  readonly createdAt: number;
}

/** A lock without a readable owner is someone else's file or garbage; it is judged by age alone. */
const OWNERLESS_STALE_MS = 30_000;

/**
 * Runs `body` while holding the lock file `lockPath`, created atomically with its owner inside, so exactly
 * one holder runs at a time across processes. A lock whose process is gone (same host) or that is older
 * than `staleMs` is taken over at once: it is renamed away first, so two waiters cannot both break it.
 */
export async function withFileLock<T>(lockPath: string, body: () => Promise<T>, options: FileLockOptions = {}): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? Infinity);
  const staleMs = options.staleMs ?? 10 * 60_000;
  let delay = 5;
  for (;;) {
    try {
      if (await createLockFile(lockPath)) break;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if ((code === 'ENOENT' || code === 'ENOTDIR') && options.missingDirectoryError) throw options.missingDirectoryError();
      throw error;
    }
    if (await breakIfStale(lockPath, staleMs)) continue;
    if (Date.now() > deadline) throw options.timeoutError?.() ?? new Error(`Timed out waiting for the lock ${lockPath}.`);
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
 * to the lock name (atomic, and refused when the lock exists). A holder killed at any moment thus leaves either
 * no lock or one naming its pid, which the next one takes over at once; never an empty lock that only ages out.
 */
async function createLockFile(lockPath: string): Promise<boolean> {
  const owner: LockOwner = { pid: process.pid, host: hostname(), createdAt: Date.now() };
  const temp = `${lockPath}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
  try {
    // Inside the try: a write that fails half-way (a full disk) leaves no temp file behind either.
    await writeFile(temp, JSON.stringify(owner), { mode: 0o600, flag: 'wx' });
    await link(temp, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

/** The owner a lock names: JSON, or a bare pid as earlier versions wrote (taken as this host's). */
function ownerOf(text: string): Partial<LockOwner> | undefined {
  if (/^\s*\d+\s*$/.test(text)) return { pid: Number(text), host: hostname() };
  try {
    const owner: unknown = JSON.parse(text);
    return owner && typeof owner === 'object' ? owner as Partial<LockOwner> : undefined;
  } catch {
    return undefined;
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
  const owner = ownerOf(text);
  const dead = typeof owner?.pid === 'number' && owner.host === hostname() && !processAlive(owner.pid);
  if (!dead && age < (owner ? staleMs : Math.min(staleMs, OWNERLESS_STALE_MS))) return false;
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
