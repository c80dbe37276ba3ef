/**
 * The JSON text each scenario id was stored with (`PackageSnapshot.storedJson`), decoded from the bytes the
 * record was read from when a writer first asks for it. A read keeps those bytes anyway (the read cache
 * writes them as they are); keeping every record's text as a string too made the texts of a first read
 * survive each scavenge that followed: about 90 ms of collecting at 70,000 records, for texts that only a
 * write (which reuses the ids of unchanged records) ever reads again.
 */
export class StoredTexts implements ReadonlyMap<string, string> {
  private positions: Map<string, number> | undefined;
  private readonly decoded: (string | undefined)[] = [];

  /** `bytes[i]` is the stored text of scenario `ids[i]`. */
  constructor(
    private readonly ids: readonly string[],
    private readonly bytes: readonly Uint8Array[],
  ) {}

  get size(): number {
    return this.ids.length;
  }

  has(id: string): boolean {
    return this.positionOf(id) !== undefined;
  }

  get(id: string): string | undefined {
    const at = this.positionOf(id);
    return at === undefined ? undefined : this.textAt(at);
  }

  keys(): MapIterator<string> {
    return this.ids.values();
  }

  *values(): MapIterator<string> {
    for (let at = 0; at < this.ids.length; at += 1) yield this.textAt(at);
  }

  *entries(): MapIterator<[string, string]> {
    for (let at = 0; at < this.ids.length; at += 1) yield [this.ids[at]!, this.textAt(at)];
  }

  [Symbol.iterator](): MapIterator<[string, string]> {
    return this.entries();
  }

  forEach(callback: (value: string, key: string, map: ReadonlyMap<string, string>) => void, thisArg?: unknown): void {
    for (let at = 0; at < this.ids.length; at += 1) callback.call(thisArg, this.textAt(at), this.ids[at]!, this);
  }

  private positionOf(id: string): number | undefined {
    this.positions ??= new Map(this.ids.map((each, at) => [each, at]));
    return this.positions.get(id);
  }

  private textAt(at: number): string {
    const bytes = this.bytes[at]!;
    return (this.decoded[at] ??= Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
  }
}
