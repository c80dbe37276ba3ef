import { link, mkdir, readdir, readFile, rename, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { nodeCrypto } from './lazy-crypto.js';
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
  /** When the lock was taken (ms since the epoch); the owner file's time says the same, and is what ages it. */
  readonly createdAt: number;
}

/** A lock without a readable owner is someone else's file or garbage; it is judged by age alone. */
const OWNERLESS_STALE_MS = 30_000;
const OWNER_FILE = /^owner-[0-9a-f]{24}$/;

/**
 * Runs `body` while holding the lock `lockPath`, so exactly one holder runs at a time across processes.
 *
 * The lock is a directory holding one file named after its holder's unique token, with the holder's pid
 * inside. It is made whole beside the lock and renamed into place: the rename succeeds only where no lock
 * is, or an empty one, so at most one holder gets in, and a holder killed at any moment leaves either no
 * lock or one naming its pid. A lock whose holder is gone (same host), or older than `staleMs`, is broken by
 * removing that holder's file by its unique name and then the empty directory: a waiter stopped between
 * judging a lock and breaking it can only remove the lock it judged, never a newer holder's, and removing
 * a directory only succeeds while it is empty, so it never removes a lock someone holds.
 */
export async function withFileLock<T>(lockPath: string, body: () => Promise<T>, options: FileLockOptions = {}): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? Infinity);
  const staleMs = options.staleMs ?? 10 * 60_000;
  const token = nodeCrypto().randomBytes(12).toString('hex');
  const temp = `${lockPath}.${process.pid}-${token}.tmp`;
  try {
    await mkdir(temp, { mode: 0o700 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if ((code === 'ENOENT' || code === 'ENOTDIR') && options.missingDirectoryError) throw options.missingDirectoryError();
    throw error;
  }
  const owned = path.join(lockPath, `owner-${token}`);
  let held = false;
  try {
    let delay = 5;
    for (;;) {
      if (await tryTake(temp, token, lockPath)) {
        held = true;
        break;
      }
      if (await breakIfStale(lockPath, staleMs)) continue;
      if (Date.now() > deadline) throw options.timeoutError?.() ?? new Error(`Timed out waiting for the lock ${lockPath}.`);
      await new Promise((resolve) => setTimeout(resolve, delay + Math.random() * delay));
      delay = Math.min(delay * 2, 100);
    }
    return await body();
  } finally {
    if (held) {
      await unlink(owned).catch(() => undefined);
      await rmdir(lockPath).catch(() => undefined);
    } else {
      await rm(temp, { recursive: true, force: true }).catch(() => undefined);
    }
  }
}

/**
 * One attempt: the owner file is written afresh (its time says when the lock was taken, not when the wait
 * began), then the prepared directory is renamed onto the lock. False while someone holds it.
 */
async function tryTake(temp: string, token: string, lockPath: string): Promise<boolean> {
  const owner: LockOwner = { pid: process.pid, host: hostname(), createdAt: Date.now() };
  const ownerFile = path.join(temp, `owner-${token}`);
  // The prepared directory is remade if it went (another host's waiter may clear it as abandoned).
  await writeFile(ownerFile, JSON.stringify(owner), { mode: 0o600 }).catch(async () =>
    mkdir(temp, { recursive: true, mode: 0o700 }).then(() => writeFile(ownerFile, JSON.stringify(owner), { mode: 0o600 })),
  );
  try {
    await rename(temp, lockPath);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ENOTEMPTY/EEXIST: a lock is held; ENOTDIR: a lock file an earlier version made; ENOENT: no prepared directory.
    if (code === 'ENOTEMPTY' || code === 'EEXIST' || code === 'ENOTDIR' || code === 'EISDIR' || code === 'ENOENT') return false;
    throw error;
  }
}

/** The owner a lock names: JSON, or a bare pid as earlier versions wrote (taken as this host's). */
function ownerOf(text: string): Partial<LockOwner> | undefined {
  if (/^\s*\d+\s*$/.test(text)) return { pid: Number(text), host: hostname() };
  try {
    const owner: unknown = JSON.parse(text);
    return owner && typeof owner === 'object' ? owner : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a holder no longer counts: its process is gone, or it has held the lock too long. */
function isStale(text: string, mtimeMs: number, staleMs: number): boolean {
  const owner = ownerOf(text);
  if (typeof owner?.pid === 'number' && owner.host === hostname() && !processAlive(owner.pid)) return true;
  return Date.now() - mtimeMs >= (owner ? staleMs : Math.min(staleMs, OWNERLESS_STALE_MS));
}

/** A file's text and time; `gone` when it no longer exists, undefined when it cannot be read (judged live). */
async function readOwner(file: string): Promise<{ text: string; mtimeMs: number } | 'gone' | undefined> {
  try {
    const [text, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    return { text, mtimeMs: info.mtimeMs };
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'gone' : undefined;
  }
}

/** True when the caller should try again at once: the lock was broken here, or is already gone. */
async function breakIfStale(lockPath: string, staleMs: number): Promise<boolean> {
  let entries: string[];
  try {
    entries = await readdir(lockPath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') return breakLegacyLock(lockPath, staleMs);
    return code === 'ENOENT';
  }
  const owners = entries.filter((name) => OWNER_FILE.test(name));
  if (entries.length === 0) return true;
  for (const name of owners) {
    const owner = await readOwner(path.join(lockPath, name));
    if (owner === 'gone') return true;
    if (owner === undefined || !isStale(owner.text, owner.mtimeMs, staleMs)) return false;
  }
  if (owners.length === 0) {
    // Only files a lock never holds: judged by the directory's age, then cleared name by name.
    const info = await stat(lockPath).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs < Math.min(staleMs, OWNERLESS_STALE_MS)) return false;
  }
  // Each name removes only the file judged: a newer lock holds an owner file of another name.
  for (const name of owners.length > 0 ? owners : entries) await rm(path.join(lockPath, name), { recursive: true, force: true });
  await rmdir(lockPath).catch(() => undefined);
  await removeAbandonedAttempts(lockPath);
  return true;
}

/**
 * A lock file as earlier versions made it. It is moved onto a file prepared beside it, which a rename can
 * replace only with a file, never with a lock directory; what was moved is then checked to be the lock judged.
 */
async function breakLegacyLock(lockPath: string, staleMs: number): Promise<boolean> {
  const owner = await readOwner(lockPath);
  if (owner === 'gone') return true;
  if (owner === undefined || !isStale(owner.text, owner.mtimeMs, staleMs)) return false;
  const { text } = owner;
  const aside = `${lockPath}.${process.pid}-${nodeCrypto().randomBytes(12).toString('hex')}.tmp`;
  await writeFile(aside, '', { flag: 'wx', mode: 0o600 });
  try {
    await rename(lockPath, aside);
    if ((await readFile(aside, 'utf8')) !== text) await link(aside, lockPath).catch(() => undefined);
  } catch {
    // Gone, or a lock directory took its place: either way, try again.
  } finally {
    await unlink(aside).catch(() => undefined);
  }
  return true;
}

/** Prepared lock directories of processes killed before they took the lock (named with their pid). */
async function removeAbandonedAttempts(lockPath: string): Promise<void> {
  const prefix = `${path.basename(lockPath)}.`;
  const names = await readdir(path.dirname(lockPath)).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    const pid = Number(name.slice(prefix.length).split('-')[0]);
    if (Number.isInteger(pid) && pid > 0 && !processAlive(pid))
      await rm(path.join(path.dirname(lockPath), name), { recursive: true, force: true }).catch(() => undefined);
  }
}
