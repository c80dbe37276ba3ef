import { open, readdir, rename, unlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * Replaces `target` atomically: the bytes go to a temporary file beside it (same file system), are flushed
 * to disk, and the file is renamed over the target, so a crash leaves the old file or the new one. The
 * directory is flushed too, so the rename itself survives a power cut. The file ends up mode 0600.
 */
export async function writeFileAtomic(target: string, bytes: Uint8Array): Promise<void> {
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.chmod(0o600);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await handle.close();
  try {
    await rename(temp, target);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  const dir = await open(path.dirname(target), 'r').catch(() => undefined);
  await dir?.sync().catch(() => undefined);
  await dir?.close();
}

/** Removes temporary files a killed writer left beside `target` (their process is gone). */
export async function removeStaleTempFiles(target: string): Promise<void> {
  const prefix = `.${path.basename(target)}.tmp-`;
  const names = await readdir(path.dirname(target)).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length).split('-')[0]);
    if (Number.isInteger(pid) && pid > 0 && !isAlive(pid)) await unlink(path.join(path.dirname(target), name)).catch(() => undefined);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
