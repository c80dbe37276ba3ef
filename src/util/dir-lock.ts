import { open, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** A lock older than this was left by a process that died while holding it. */
const STALE_MS = 30_000;
/** A lock file still without a pid this long after it was made was left by a process killed while making it. */
const UNWRITTEN_STALE_MS = 2_000;

/**
 * Runs `body` while holding `<dir>/<name>` (created exclusively, holding the owner's pid), so processes sharing
 * a session (a parent and its subprocesses) commit one at a time. A lock whose owner no longer runs (killed,
 * crashed) is taken over at once instead of blocking every later writer.
 */
export async function withDirLock<T>(dir: string, name: string, body: () => Promise<T>): Promise<T> {
  const file = path.join(dir, name);
  for (let attempt = 0; ; attempt += 1) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (await isStale(file)) await rm(file, { force: true });
      else await sleep(Math.min(10 + attempt * 10, 100));
    }
  }
  try {
    return await body();
  } finally {
    await rm(file, { force: true });
  }
}

async function isStale(file: string): Promise<boolean> {
  const held = await stat(file).catch(() => undefined);
  if (!held) return false;
  const age = Date.now() - held.mtimeMs;
  if (age > STALE_MS) return true;
  const pid = Number((await readFile(file, 'utf8').catch(() => '')).trim());
  if (!Number.isInteger(pid) || pid <= 0) return age > UNWRITTEN_STALE_MS;
  return !processRuns(pid);
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs under another user; only ESRCH says it is gone.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}
