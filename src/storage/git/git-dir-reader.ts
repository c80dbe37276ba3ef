import { inflateSync } from 'node:zlib';
import { Limits } from '../../limits/limits.js';
import { parseCommit, type CommitInfo } from './git-objects.js';

/** Room for a loose object's header (`commit <size>\0`) beyond the object's own bytes. */
const HEADER_ROOM = 32;

/**
 * Reads refs and commit objects straight from the files of a `.git` directory held in memory (an archive's
 * members), without unpacking or running git. Handles loose refs, `packed-refs`, loose objects and
 * undeltified objects in packs; anything else answers undefined and the caller falls back to git itself.
 * Inflating stops past the size limit of a commit (Limits.gitObjectBytes): a larger one answers undefined
 * too, and git's own reads refuse it with the limit's error once the store is checked (see RepoDir).
 */
/** Pack entry type numbers of the undeltified object types. */
const PACK_TYPES: Readonly<Record<number, string>> = { 1: 'commit', 2: 'tree', 3: 'blob', 4: 'tag' };

export class GitDirReader {
  constructor(
    private readonly file: (name: string) => Buffer | undefined,
    private readonly names: () => readonly string[],
  ) {}

  /** `HEAD`'s target branch (`refs/heads/main`), or undefined when detached or unreadable. */
  headRef(): string | undefined {
    const head = this.file('.git/HEAD')?.toString('utf8').trim();
    const match = head ? /^ref: (refs\/[\w./-]+)$/.exec(head) : null;
    return match && !match[1]!.includes('..') ? match[1] : undefined;
  }

  /** HEAD's commit when HEAD is detached (names a commit, not a branch), as EDSL leaves it after `git.checkout(sha)`. */
  detachedHead(): string | undefined {
    const head = this.file('.git/HEAD')?.toString('utf8').trim();
    return head && /^[0-9a-f]{40}$/.test(head) ? head : undefined;
  }

  /** The commit id a name resolves to: HEAD, a full id, a branch or a full ref (not annotated tags). */
  resolve(name: string): string | undefined {
    if (/^[0-9a-f]{40}$/.test(name)) return name;
    if (name === 'HEAD') {
      const detached = this.detachedHead();
      if (detached) return detached;
      const ref = this.headRef();
      return ref ? this.refValue(ref) : undefined;
    }
    if (name.startsWith('refs/')) return this.refValue(name);
    // A tag of the same name would win in git's lookup order: leave such names to git.
    if (this.refValue(`refs/tags/${name}`) !== undefined || this.refValue(`refs/${name}`) !== undefined) return undefined;
    return this.refValue(`refs/heads/${name}`);
  }

  private refValue(ref: string): string | undefined {
    if (ref.includes('..')) return undefined;
    const loose = this.file(`.git/${ref}`)?.toString('utf8').trim();
    if (loose && /^[0-9a-f]{40}$/.test(loose)) return loose;
    const packed = this.file('.git/packed-refs')?.toString('utf8');
    if (!packed) return undefined;
    for (const line of packed.split('\n')) {
      const [id, refName] = line.split(' ');
      if (refName === ref && id && /^[0-9a-f]{40}$/.test(id)) return id;
    }
    return undefined;
  }

  commit(id: string): CommitInfo | undefined {
    try {
      const content = this.looseObject(id, 'commit') ?? this.packedObject(id, 1);
      return content ? parseCommit(content) : undefined;
    } catch {
      return undefined;
    }
  }

  private looseObject(id: string, type: string): Buffer | undefined {
    const file = this.file(`.git/objects/${id.slice(0, 2)}/${id.slice(2)}`);
    if (!file) return undefined;
    let data: Buffer;
    try {
      data = inflateSync(file, { maxOutputLength: (Limits.gitObjectBytes[type] ?? 0) + HEADER_ROOM });
    } catch {
      return undefined;
    }
    const nul = data.indexOf(0);
    const [kind] = data.toString('latin1', 0, nul).split(' ');
    return kind === type ? data.subarray(nul + 1) : undefined;
  }

  /** An undeltified object of the given pack type from any pack with a version 2 index. */
  private packedObject(id: string, packType: number): Buffer | undefined {
    this.packNames ??= this.listPacks();
    const wanted = Buffer.from(id, 'hex');
    for (const base of this.packNames) {
      const index = this.file(`${base}.idx`);
      if (!index || index.readUInt32BE(0) !== 0xff744f63 || index.readUInt32BE(4) !== 2) continue;
      const total = index.readUInt32BE(8 + 255 * 4);
      const low = wanted[0] === 0 ? 0 : index.readUInt32BE(8 + (wanted[0]! - 1) * 4);
      const high = index.readUInt32BE(8 + wanted[0]! * 4);
      const names = 8 + 256 * 4;
      let found = -1;
      for (let lo = low, hi = high - 1; lo <= hi;) {
        const mid = (lo + hi) >> 1;
        const order = Buffer.compare(index.subarray(names + mid * 20, names + mid * 20 + 20), wanted);
        if (order === 0) {
          found = mid;
          break;
        }
        if (order < 0) lo = mid + 1;
        else hi = mid - 1;
      }
      if (found < 0) continue;
      const offsets = names + total * 20 + total * 4;
      const offset = index.readUInt32BE(offsets + found * 4);
      if (offset & 0x80000000) return undefined;
      const pack = this.file(`${base}.pack`);
      if (!pack) return undefined;
      let pos = offset;
      let byte = pack[pos++]!;
      const type = (byte >> 4) & 7;
      let size = byte & 0x0f;
      for (let shift = 4; byte & 0x80; shift += 7) {
        byte = pack[pos++]!;
        size += (byte & 0x7f) * 2 ** shift;
      }
      if (type !== packType || size > (Limits.gitObjectBytes[PACK_TYPES[type]!] ?? 0)) return undefined;
      const data = inflateSync(pack.subarray(pos), { maxOutputLength: Math.max(1, size) });
      return data.length === size ? data : undefined;
    }
    return undefined;
  }

  private packNames: string[] | undefined;

  private listPacks(): string[] {
    return this.names()
      .filter((n) => /^\.git\/objects\/pack\/pack-[0-9a-f]+\.idx$/.test(n))
      .map((n) => n.slice(0, -4));
  }
}
