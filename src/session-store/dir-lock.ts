import { open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** A lock older than this was left by a process that died while holding it. */
const STALE_MS = 30_000;

/**
 * Runs `body` while holding `<dir>/<name>` (created exclusively), so processes sharing a session (a parent
 * and its subprocesses) commit one at a time.
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
      const held = await stat(file).catch(() => undefined);
      if (held && Date.now() - held.mtimeMs > STALE_MS) await rm(file, { force: true });
      else await sleep(Math.min(10 + attempt * 10, 100));
    }
  }
  try {
    return await body();
  } finally {
    await rm(file, { force: true });
  }
}
