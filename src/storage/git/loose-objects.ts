import { createHash } from 'node:crypto';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

/** The body and id of a tree holding only regular files (`name` → blob id), in git's entry order. */
export function flatTree(files: ReadonlyMap<string, string>): { id: string; body: Buffer } {
  const names = [...files.keys()].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  let size = 0;
  for (const name of names) size += 7 + Buffer.byteLength(name) + 1 + 20;
  const body = Buffer.allocUnsafe(size);
  let pos = 0;
  for (const name of names) {
    pos += body.write(`100644 ${name}\0`, pos, 'utf8');
    pos += body.write(files.get(name)!, pos, 'hex');
  }
  const id = createHash('sha1').update(`tree ${size}\0`).update(body).digest('hex');
  return { id, body };
}

/** Stores an object as a loose object file (as `git hash-object -w` would); a no-op when it exists. */
export async function writeLooseObject(gitDir: string, type: 'tree' | 'blob', id: string, body: Buffer): Promise<void> {
  const file = path.join(gitDir, 'objects', id.slice(0, 2), id.slice(2));
  if (
    await stat(file).then(
      () => true,
      () => false,
    )
  )
    return;
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, deflateSync(Buffer.concat([Buffer.from(`${type} ${body.length}\0`), body])), { mode: 0o444 });
}
