import { processAlive } from './process-alive.js';
import { link, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** A lock older than this was left by a process that died while holding it (or while writing its pid). */
const STALE_MS = 30_000;

/**
 * Runs `body` while holding `<dir>/<name>` (created exclusively, holding the owner's pid), so processes sharing
 * a session (a parent and its subprocesses) commit one at a time. A lock whose owner no longer runs (killed,
 * crashed) is taken over at once instead of blocking every later writer.
 */
export async function withDirLock<T>(dir: string, name: string, body: () => Promise<T>): Promise<T> {
  const file = path.join(dir, name);
  for (let attempt = 0; ; attempt += 1) {
    if (await createWithPid(file)) break;
    const stale = await staleContent(file);
    if (stale === undefined || !(await removeIfUnchanged(file, stale))) await sleep(Math.min(10 + attempt * 10, 100));
  }
  try {
    return await body();
  } finally {
    await rm(file, { force: true });
  }
}

/** Creates the lock already holding our pid (a temp file hard-linked to the lock name), so it is never seen empty. */
async function createWithPid(file: string): Promise<boolean> {
  const temp = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temp, String(process.pid), { flag: 'wx' });
  try {
    await link(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await rm(temp, { force: true });
  }
}

/**
 * The lock file's content when its owner is gone (its pid no longer runs; without a pid, older than STALE_MS),
 * else undefined. Read before stat, so a lock released and re-taken meanwhile is judged by the new owner.
 */
async function staleContent(file: string): Promise<string | undefined> {
  const content = await readFile(file, 'utf8').catch(() => undefined);
  const held = await stat(file).catch(() => undefined);
  if (content === undefined || !held) return undefined;
  const pid = Number(content.trim());
  // A live owner keeps its lock however long its turn takes; age only judges a lock without a pid.
  if (Number.isInteger(pid) && pid > 0) return processAlive(pid) ? undefined : content;
  return Date.now() - held.mtimeMs > STALE_MS ? content : undefined;
}

/** Removes a stale lock only if it still holds what made it stale: another waiter may have taken it over first. */
async function removeIfUnchanged(file: string, stale: string): Promise<boolean> {
  const now = await readFile(file, 'utf8').catch(() => undefined);
  if (now !== stale) return false;
  await rm(file, { force: true });
  return true;
}

