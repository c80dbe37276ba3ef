import type { ZipDirectory } from '../zip/zip-directory.js';

/**
 * The blob id of each working-tree file of an opened package (every member outside `.git/`), by name. The
 * ids are read from the 20-byte digests the inflate that proved the files computed, and written out in hex
 * only for the names asked for: a read by a worktree snapshot asks for two (the manifest, the codebook),
 * where a map from every name to its 40-digit id cost a first read of 70,000 records 70,000 strings and a
 * map that outlived every collection meanwhile.
 */
export class WorktreeBlobIds implements ReadonlyMap<string, string> {
  /** Each member's place among the working-tree files, by directory position; -1 for the `.git/` members. */
  private readonly indexOf: Int32Array;
  private hex: string | undefined;
  private names: string[] | undefined;

  constructor(
    private readonly directory: ZipDirectory,
    /** The working-tree files' directory positions, in directory order. */
    private readonly positions: readonly number[],
    /** Their ids as 20 bytes each, in the same order. */
    private readonly digests: Uint8Array,
  ) {
    if (digests.length !== positions.length * 20) throw new RangeError(`${digests.length} digest bytes for ${positions.length} files`);
    this.indexOf = new Int32Array(directory.names.length).fill(-1);
    for (let i = 0; i < positions.length; i += 1) this.indexOf[positions[i]!] = i;
  }

  get size(): number {
    return this.positions.length;
  }

  has(name: string): boolean {
    return this.indexOfName(name) >= 0;
  }

  get(name: string): string | undefined {
    const index = this.indexOfName(name);
    return index < 0 ? undefined : this.idAt(index);
  }

  keys(): MapIterator<string> {
    this.names ??= this.positions.map((at) => this.directory.names[at]!);
    return this.names.values();
  }

  *values(): MapIterator<string> {
    for (let i = 0; i < this.positions.length; i += 1) yield this.idAt(i);
  }

  *entries(): MapIterator<[string, string]> {
    for (let i = 0; i < this.positions.length; i += 1) yield [this.nameAt(i), this.idAt(i)];
  }

  [Symbol.iterator](): MapIterator<[string, string]> {
    return this.entries();
  }

  forEach(callback: (id: string, name: string, map: ReadonlyMap<string, string>) => void, thisArg?: unknown): void {
    for (let i = 0; i < this.positions.length; i += 1) callback.call(thisArg, this.idAt(i), this.nameAt(i), this);
  }

  private indexOfName(name: string): number {
    const at = this.directory.positionOf(name);
    return at === undefined ? -1 : this.indexOf[at]!;
  }

  private nameAt(index: number): string {
    return this.directory.names[this.positions[index]!]!;
  }

  private idAt(index: number): string {
    // One native call writes every id out the first time one is asked for; each id is then a slice of it.
    this.hex ??= Buffer.from(this.digests.buffer, this.digests.byteOffset, this.digests.byteLength).toString('hex');
    return this.hex.slice(index * 40, index * 40 + 40);
  }
}
