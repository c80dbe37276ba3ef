import * as crypto from 'node:crypto';

const { createHash } = crypto;
/** One-shot hashing (Node 20.12+): much cheaper than a hasher object for many small inputs. */
const hashOnce = (crypto as { hash?: (algorithm: string, data: Uint8Array, encoding: 'buffer') => Buffer }).hash;

/** Git object hashing and parsing done in-process, so proving that a worktree equals a commit needs no git run. */
export function blobId(content: Uint8Array): string {
  return blobDigest(content).toString('hex');
}

/** The blob id of `content` as 20 bytes. */
export function blobDigest(content: Uint8Array): Buffer {
  return createHash('sha1').update(`blob ${content.length}\0`).update(content).digest();
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

/**
 * The id of the tree holding `files` (path → blob id, regular non-executable files), its subtrees' included.
 *
 * Worked on bytes, with no object per entry: a package's tree has a file per record, and building an entry
 * object, a name string and a buffer write per file made 10,000 files cost some 45 ms from a cold start, most
 * of it collecting those objects. Git orders a tree's entries by name as bytes, a directory's name as if it
 * ended in "/", which is the byte order of the full paths (the order of git's index): the paths are sorted
 * once, each directory's files are then a contiguous run, and each tree object is copied together from one
 * buffer of all the paths and one of all the ids.
 */
export function treeIdOf(files: ReadonlyMap<string, string>): string {
  const paths = [...files.keys()];
  // Code-unit order is byte order for ASCII; otherwise paths are compared as their UTF-8 bytes.
  if (NON_ASCII.test(paths.join(''))) paths.sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  else paths.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const ids = Buffer.from(paths.map((path) => files.get(path)).join(''), 'hex');
  if (ids.length !== paths.length * 20) throw new Error('a tree entry has no 40-digit hex object id');
  const bytes = Buffer.from(`${paths.join('\0')}\0`);
  const starts = new Uint32Array(paths.length);
  const ends = new Uint32Array(paths.length);
  let ended = 0;
  for (let at = 0; at < bytes.length; at += 1) {
    if (bytes[at] !== 0) continue;
    ends[ended] = at;
    if (++ended < paths.length) starts[ended] = at + 1;
  }
  // Paths are NUL-separated here; one holding NUL (no git path can) would shift every path after it.
  if (ended !== paths.length) throw new Error('a tree path holds a NUL byte');
  return treeIdOfOrdered(bytes, starts, ends, ids);
}

/**
 * The id of the tree of paths given in git's order (sorted as bytes, see treeIdOf) where they already lie:
 * path i is `bytes[starts[i], ends[i])` (UTF-8), its blob id `ids[20 * i, 20 * i + 20)`. An archive's
 * central directory holds a package's paths, and the inflate that proves them their ids, in that order.
 */
export function treeIdOfOrdered(bytes: Uint8Array, starts: ArrayLike<number>, ends: ArrayLike<number>, ids: Uint8Array): string {
  return new TreeWriter(bytes, starts, ends, ids).tree(0, starts.length, 0).toString('hex');
}

// eslint-disable-next-line no-control-regex -- the ASCII range starts at NUL by definition
const NON_ASCII = /[^\x00-\x7f]/;
const SLASH = 0x2f;
const FILE_MODE = Buffer.from('100644 ');
const TREE_MODE = Buffer.from('40000 ');

/**
 * Tree objects of sorted paths held as UTF-8 in `bytes` (path i from `starts[i]` to `ends[i]`), with their blob
 * ids. A package's tree is a directory of thousands of files: each path's last slash is found once, so a path
 * is known to be a file of its tree without reading its bytes again, and a directory's last path is found by
 * bisection (sorted paths with a common prefix are consecutive) instead of comparing every path in it.
 */
class TreeWriter {
  /**
   * Each path's last slash, as its offset in `bytes` (-1: none): in a tree whose names start n bytes into the
   * paths, path i is a file when this lies before `starts[i] + n`.
   */
  private readonly lastSlash: Int32Array | Float64Array;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly starts: ArrayLike<number>,
    private readonly ends: ArrayLike<number>,
    private readonly ids: Uint8Array,
  ) {
    this.lastSlash = bytes.length <= 0x7fffffff ? new Int32Array(starts.length) : new Float64Array(starts.length);
    for (let index = 0; index < starts.length; index += 1) {
      const start = starts[index]!;
      let at = ends[index]! - 1;
      while (at >= start && bytes[at] !== SLASH) at -= 1;
      this.lastSlash[index] = at >= start ? at : -1;
    }
  }

  /** The 20-byte id of the tree of paths `[first, end)`, whose first `depth` bytes name the tree's directory. */
  tree(first: number, end: number, depth: number): Buffer {
    // Two passes over the same entries: the first sizes the object and hashes the subtrees, the second copies.
    const subtrees = new Map<number, Buffer>();
    let size = 0;
    this.forEachEntry(first, end, depth, (index, name, nameEnd, last) => {
      if (last === undefined) size += FILE_MODE.length + (nameEnd - name) + 21;
      else {
        subtrees.set(index, this.tree(index, last, nameEnd + 1 - this.starts[index]!));
        size += TREE_MODE.length + (nameEnd - name) + 21;
      }
    });
    const body = Buffer.allocUnsafe(size);
    let at = 0;
    this.forEachEntry(first, end, depth, (index, name, nameEnd, last) => {
      const mode = last === undefined ? FILE_MODE : TREE_MODE;
      body.set(mode, at);
      at += mode.length;
      for (let i = name; i < nameEnd; i += 1) body[at++] = this.bytes[i]!;
      body[at++] = 0;
      const id = last === undefined ? this.ids : subtrees.get(index)!;
      const idAt = last === undefined ? index * 20 : 0;
      for (let i = idAt; i < idAt + 20; i += 1) body[at++] = id[i]!;
    });
    return createHash('sha1').update(`tree ${size}\0`).update(body).digest();
  }

  /**
   * Calls `entry` for each entry of the tree of paths `[first, end)`: a file (path `index`, `last` undefined)
   * or a directory (paths `[index, last)`); `name` to `nameEnd` are the entry's name's bytes.
   */
  private forEachEntry(
    first: number,
    end: number,
    depth: number,
    entry: (index: number, name: number, nameEnd: number, last: number | undefined) => void,
  ): void {
    for (let index = first; index < end;) {
      const name = this.starts[index]! + depth;
      if (this.lastSlash[index]! < name) {
        entry(index, name, this.ends[index]!, undefined);
        index += 1;
        continue;
      }
      let slash = name;
      while (this.bytes[slash] !== SLASH) slash += 1;
      const last = this.directoryEnd(index, end, slash);
      entry(index, name, slash, last);
      index = last;
    }
  }

  /**
   * The first path of `(index, end)` outside the directory path `index` names up to its byte `slash`, or
   * `end`. The directory's paths follow one another, so the first one outside it is found by bisection.
   */
  private directoryEnd(index: number, end: number, slash: number): number {
    let inside = index;
    let outside = end;
    while (outside - inside > 1) {
      const middle = (inside + outside) >>> 1;
      if (this.sameDirectory(index, middle, slash)) inside = middle;
      else outside = middle;
    }
    return outside;
  }

  /** Whether path `other` also lies in the directory path `index` names up to its byte `slash` (inclusive). */
  private sameDirectory(index: number, other: number, slash: number): boolean {
    const start = this.starts[index]!;
    const otherStart = this.starts[other]!;
    if (otherStart + (slash - start) >= this.ends[other]!) return false;
    for (let i = 0; i <= slash - start; i += 1) if (this.bytes[start + i] !== this.bytes[otherStart + i]) return false;
    return true;
  }
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
