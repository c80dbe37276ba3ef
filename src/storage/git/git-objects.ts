import * as crypto from 'node:crypto';

const { createHash } = crypto;
/** One-shot hashing (Node 20.12+): much cheaper than a hasher object for many small inputs. */
const hashOnce = (crypto as { hash?: (algorithm: string, data: Uint8Array, encoding: 'buffer') => Buffer }).hash;

/** Git object hashing and parsing done in-process, so proving that a worktree equals a commit needs no git run. */
export function blobId(content: Uint8Array): string {
  return createHash('sha1').update(`blob ${content.length}\0`).update(content).digest('hex');
}

/** The length of the header git hashes in front of a blob's bytes: `blob <size>\0`. */
export function blobHeaderLength(size: number): number {
  return 6 + String(size).length;
}

/** Writes `blob <size>\0` into `target` at `offset` without creating a buffer; returns where it ends. */
export function writeBlobHeader(target: Uint8Array, offset: number, size: number): number {
  const digits = String(size);
  target[offset] = 0x62; // b
  target[offset + 1] = 0x6c; // l
  target[offset + 2] = 0x6f; // o
  target[offset + 3] = 0x62; // b
  target[offset + 4] = 0x20;
  let at = offset + 5;
  for (let i = 0; i < digits.length; i += 1) target[at++] = digits.charCodeAt(i);
  target[at++] = 0;
  return at;
}

/** The blob id, as 20 bytes, of content already preceded by its header in one contiguous range. */
export function framedBlobDigest(framed: Uint8Array): Buffer {
  return hashOnce ? hashOnce('sha1', framed, 'buffer') : createHash('sha1').update(framed).digest();
}

export interface TreeEntry {
  readonly mode: string;
  readonly name: string;
  readonly id: string;
}

export function parseTree(content: Uint8Array): TreeEntry[] {
  const entries: TreeEntry[] = [];
  const buffer = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  let pos = 0;
  while (pos < buffer.length) {
    const space = buffer.indexOf(0x20, pos);
    const nul = buffer.indexOf(0, space);
    if (space < 0 || nul < 0 || nul + 21 > buffer.length) throw new Error('malformed tree object');
    entries.push({
      mode: buffer.toString('latin1', pos, space),
      name: buffer.toString('utf8', space + 1, nul),
      id: buffer.toString('hex', nul + 1, nul + 21),
    });
    pos = nul + 21;
  }
  return entries;
}

/** The id of the tree holding `files` (path → blob id, regular non-executable files). */
export function treeIdOf(files: ReadonlyMap<string, string>): string {
  interface Dir {
    files: Map<string, string>;
    dirs: Map<string, Dir>;
  }
  const root: Dir = { files: new Map(), dirs: new Map() };
  for (const [path, id] of files) {
    const parts = path.split('/');
    let dir = root;
    for (const part of parts.slice(0, -1)) {
      let next = dir.dirs.get(part);
      if (!next) dir.dirs.set(part, (next = { files: new Map(), dirs: new Map() }));
      dir = next;
    }
    dir.files.set(parts[parts.length - 1]!, id);
  }
  const hash = (dir: Dir): string => {
    // Git orders entries by name as bytes, comparing directory names as if they ended in "/".
    const entries: Array<{ sortKey: string; mode: string; name: string; id: string }> = [];
    for (const [name, id] of dir.files) entries.push({ sortKey: name, mode: '100644', name, id });
    for (const [name, sub] of dir.dirs) entries.push({ sortKey: `${name}/`, mode: '40000', name, id: hash(sub) });
    // eslint-disable-next-line no-control-regex -- the ASCII range starts at NUL by definition
    const ascii = entries.every((e) => /^[\x00-\x7f]*$/.test(e.sortKey));
    if (ascii) entries.sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0));
    else entries.sort((a, b) => Buffer.compare(Buffer.from(a.sortKey), Buffer.from(b.sortKey)));
    let size = 0;
    for (const e of entries) size += Buffer.byteLength(e.mode) + 1 + Buffer.byteLength(e.name) + 1 + 20;
    const body = Buffer.allocUnsafe(size);
    let pos = 0;
    for (const e of entries) {
      pos += body.write(`${e.mode} ${e.name}\0`, pos, 'utf8');
      pos += body.write(e.id, pos, 'hex');
    }
    return createHash('sha1').update(`tree ${size}\0`).update(body).digest('hex');
  };
  return hash(root);
}

export interface CommitInfo {
  readonly tree: string;
  readonly parents: string[];
}

export function parseCommit(content: Uint8Array): CommitInfo {
  const text = Buffer.from(content.buffer, content.byteOffset, content.byteLength).toString('utf8');
  const header = text.slice(0, text.indexOf('\n\n') >= 0 ? text.indexOf('\n\n') : text.length);
  const tree = /^tree ([0-9a-f]{40})$/m.exec(header)?.[1];
  if (!tree) throw new Error('malformed commit object');
  return { tree, parents: [...header.matchAll(/^parent ([0-9a-f]{40})$/gm)].map((m) => m[1]!) };
}
