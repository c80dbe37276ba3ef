/** One regular-file member of an archive, not yet inflated. */
export interface ZipMember {
  readonly name: string;
  /** 0 (stored) or 8 (DEFLATE). */
  readonly method: number;
  readonly crc: number;
  readonly compressedSize: number;
  readonly size: number;
  /** Unix mode bits when the archive recorded them (0 otherwise). */
  readonly unixMode: number;
  /** The member's compressed bytes, a view into the archive. */
  readonly raw: Uint8Array;
}

/** What the central directory says of each member, one typed array per field, by member position. */
export interface MemberColumns {
  /** Where each member's compressed bytes start in the archive. */
  readonly dataStart: Float64Array;
  readonly compressedSize: Float64Array;
  readonly size: Float64Array;
  readonly crc: Uint32Array;
  readonly method: Uint8Array;
  readonly unixMode: Uint32Array;
  /** Where each member's name lies in the archive (in the central directory), and its length in bytes. */
  readonly nameStart: Float64Array;
  readonly nameLength: Uint16Array;
}

/**
 * An archive's checked central directory (see readZipDirectory): its members' names in directory order and
 * their fields as columns. A package of 100,000 record files is read member by member only where a member is
 * asked for: an object with a view into the archive per member, made for all of them up front, cost a first
 * read of 70,000 records more in allocation and garbage collection than reading the directory itself.
 */
export class ZipDirectory {
  constructor(
    /** The archive's bytes, which every member's `raw` views. */
    readonly archive: Uint8Array,
    /** Every member's name, by position. */
    readonly names: readonly string[],
    private readonly positions: ReadonlyMap<string, number>,
    readonly columns: MemberColumns,
    /** Whether every name is ASCII, so its bytes in the archive are its UTF-8 and sort as the string does. */
    readonly namesAscii: boolean,
  ) {}

  has(name: string): boolean {
    return this.positions.has(name);
  }

  /** A member's position, or undefined when the archive has none of that name. */
  positionOf(name: string): number | undefined {
    return this.positions.get(name);
  }

  /** A member by name, or undefined when absent. */
  member(name: string): ZipMember | undefined {
    const at = this.positions.get(name);
    return at === undefined ? undefined : this.memberAt(at);
  }

  memberAt(at: number): ZipMember {
    const { dataStart, compressedSize, size, crc, method, unixMode } = this.columns;
    const { archive } = this;
    return {
      name: this.names[at]!,
      method: method[at]!,
      crc: crc[at]!,
      compressedSize: compressedSize[at]!,
      size: size[at]!,
      unixMode: unixMode[at]!,
      raw: new Uint8Array(archive.buffer, archive.byteOffset + dataStart[at]!, compressedSize[at]),
    };
  }

  /** Every member, in directory order. */
  members(): ZipMember[] {
    return this.names.map((_, at) => this.memberAt(at));
  }
}
