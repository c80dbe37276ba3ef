import { writeSync } from 'node:fs';
import { fsPromises } from './lazy-fs-promises.js';
import path from 'node:path';
import { nodeCrypto } from './lazy-crypto.js';
import { processAlive } from './process-alive.js';

/**
 * Replaces `target` atomically: the bytes go to a temporary file beside it (same file system), are flushed
 * to disk, and the file is renamed over the target, so readers and a crash see the old file or the new one,
 * whole. The directory is flushed too, so the rename itself survives a power cut. `durable: false` skips
 * both flushes, for files whose loss or truncation after a power cut is harmless (caches that check what
 * they read): readers still never see a partly written file while the system runs.
 */
export async function writeFileAtomic(
  target: string,
  data: string | Uint8Array | FileWriter,
  mode = 0o644,
  options: { durable?: boolean } = {},
): Promise<void> {
  const durable = options.durable !== false;
  const fs = fsPromises();
  const temp = path.join(path.dirname(target), `${tempPrefix(target)}${process.pid}-${nodeCrypto().randomBytes(6).toString('hex')}`);
  const handle = await fs.open(temp, 'wx', mode);
  try {
    if (typeof data === 'function') data((bytes, position) => writeAllSync(handle.fd, bytes, position));
    else await handle.writeFile(data);
    await handle.chmod(mode);
    if (durable) await handle.sync();
  } catch (error) {
    await handle.close();
    await fs.unlink(temp).catch(() => undefined);
    throw error;
  }
  await handle.close();
  try {
    await fs.rename(temp, target);
  } catch (error) {
    await fs.unlink(temp).catch(() => undefined);
    throw error;
  }
  if (!durable) return;
  const dir = await fs.open(path.dirname(target), 'r').catch(() => undefined);
  await dir?.sync().catch(() => undefined);
  await dir?.close();
}

/**
 * Writes a file's bytes through `write`, each piece at its position (pieces never overlap), synchronously:
 * for files made a piece at a time rather than held whole in memory (see limits/block-file.ts).
 */
export type FileWriter = (write: (bytes: Uint8Array, position: number) => void) => void;

function writeAllSync(fd: number, bytes: Uint8Array, position: number): void {
  for (let done = 0; done < bytes.length;) {
    const written = writeSync(fd, bytes, done, bytes.length - done, position + done);
    // A regular file takes some bytes or fails (ENOSPC, EIO); a write of none would otherwise loop for ever.
    if (written <= 0) throw new Error(`nothing was written at byte ${position + done}`);
    done += written;
  }
}

/** Removes temporary files a killed writer left beside `target` (only those whose process is gone). */
export async function removeStaleTempFiles(target: string): Promise<void> {
  const prefix = tempPrefix(target);
  const fs = fsPromises();
  const names = await fs.readdir(path.dirname(target)).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length).split('-')[0]);
    if (Number.isInteger(pid) && pid > 0 && !processAlive(pid))
      await fs.unlink(path.join(path.dirname(target), name)).catch(() => undefined);
  }
}

function tempPrefix(target: string): string {
  return `.${path.basename(target)}.tmp-`;
}
