import { EpError, ExitCode } from '../../kernel/errors.js';
import { isJsonObject } from '../../records/json.js';
import { RECORD_DETAIL_MAP } from './builtin-detail-maps.js';
import type {
  ContextRecord,
  ContextRecords,
  ContextRecordTable,
  ContextSource,
  TierEntry,
  TierEntryTraits,
  TierName,
} from './contracts.js';
import type { DetailLevelMap } from './detail-level-map.js';

/** A run of ids holding one load of a source's records, or one record added at run time: their shared traits. */
interface Block extends TierEntryTraits {
  readonly first: number;
  readonly count: number;
  readonly source: ContextSource | undefined;
  /** Set for a source that gave a table: its entries are made when first read. */
  readonly table?: ContextRecordTable;
}

/**
 * The tiers' entries by id, in the order their records were added. The records of a source that gives a
 * list have their entries made (and checked) as they are added; those of a source that gives a table
 * (`ContextRecordTable`) when a request first reads one, their keys checked when first asked for: a request
 * over the thousands of nodes of a source tree reads every key once and makes the few hundred entries it packs.
 */
export class TierEntryTable {
  readonly #entries: (TierEntry | undefined)[] = [];
  readonly #blocks: Block[] = [];
  readonly #keys: (string | undefined)[] = [];
  #size = 0;
  /** 1 for the entries whose key another entry also holds, worked out when first asked for. */
  #copied?: Uint8Array;
  readonly #maps = new Set<DetailLevelMap>();
  #graphRanked = false;
  #lastBlock?: Block;

  get size(): number {
    return this.#size;
  }

  /** The detail maps of the entries held, in the order they first came. */
  detailMaps(): readonly DetailLevelMap[] {
    return [...this.#maps];
  }

  hasGraphRanked(): boolean {
    return this.#graphRanked;
  }

  /** Adds the records one `load()` of `source` gave. */
  addSource(source: ContextSource, records: ContextRecords): void {
    const table = Array.isArray(records) ? undefined : (records as ContextRecordTable);
    const count = records.length;
    if (!Number.isSafeInteger(count) || count < 0) {
      throw new EpError('CONTEXT_RECORD_INVALID', `Context source ${source.id}: its records' length is ${String(count)}.`, {
        exitCode: ExitCode.validation,
        details: { source: source.id },
      });
    }
    const block = this.addBlock(source, source.id, source.tier, count, source.maxDepth, table);
    this.#graphRanked ||= source.ranking === 'graph' && count > 0;
    if (table) return;
    const list = records as readonly ContextRecord[];
    for (let position = 0; position < count; position += 1) this.makeEntry(block, position, checkedRecord(list[position], block, position));
  }

  /** Adds one record at run time (no source: it renders and is searched as a record). */
  addRecord(record: ContextRecord, home: TierName, sourceId: string): TierEntry {
    const block = this.addBlock(undefined, sourceId, home, 1, undefined, undefined);
    return this.makeEntry(block, 0, checkedRecord(record, block, 0));
  }

  /** Entry `id` (made now when its source gave a table and no request read it yet). */
  entry(id: number): TierEntry {
    const made = this.#entries[id];
    if (made) return made;
    const block = this.blockOf(id);
    const position = id - block.first;
    const record = block.table!.recordAt(position);
    if (!isJsonObject(record) || record.key !== this.keyOf(id)) {
      throw invalidRecord(block, position, `${block.sourceId}: record ${position} does not hold the key its table gives for it.`);
    }
    return this.makeEntry(block, position, record);
  }

  /** The key of entry `id`, read from its source's table when the entry is not made yet. */
  keyOf(id: number): string {
    const known = this.#keys[id];
    if (known !== undefined) return known;
    const block = this.blockOf(id);
    const key: unknown = block.table!.keyAt(id - block.first);
    if (typeof key !== 'string' || key === '') throw invalidRecord(block, id - block.first);
    this.#keys[id] = key;
    return key;
  }

  /** What entry `id` shares with the other entries of its block. */
  traitsOf(id: number): TierEntryTraits {
    return this.blockOf(id);
  }

  homeOf(id: number): TierName {
    return this.blockOf(id).home;
  }

  sourceOf(id: number): ContextSource | undefined {
    return this.blockOf(id).source;
  }

  /** Entry `id`'s position among the records of the `load()` that gave it. */
  positionOf(id: number): number {
    return id - this.blockOf(id).first;
  }

  recordOf(id: number): ContextRecord {
    return this.entry(id).record;
  }

  /** Every entry, each made now if it was not yet. */
  all(): readonly TierEntry[] {
    for (let id = 0; id < this.#size; id += 1) this.entry(id);
    return this.#entries as readonly TierEntry[];
  }

  /** Whether another entry holds the key entry `id` holds. */
  hasCopies(id: number): boolean {
    this.#copied ??= this.findCopies();
    return this.#copied[id] === 1;
  }

  private findCopies(): Uint8Array {
    const copied = new Uint8Array(this.#size);
    const firstWithKey = new Map<string, number>();
    for (let id = 0; id < this.#size; id += 1) {
      const key = this.keyOf(id);
      const first = firstWithKey.get(key);
      if (first === undefined) firstWithKey.set(key, id);
      else copied[first] = copied[id] = 1;
    }
    return copied;
  }

  private addBlock(
    source: ContextSource | undefined,
    sourceId: string,
    home: TierName,
    count: number,
    maxDepth: number | undefined,
    table: ContextRecordTable | undefined,
  ): Block {
    const detailMap = source?.detailMap ?? RECORD_DETAIL_MAP;
    const block: Block = {
      first: this.#size,
      count,
      source,
      sourceId,
      home,
      detailMap,
      maxDepth: Math.min(maxDepth ?? detailMap.maxDepth, detailMap.maxDepth),
      graphRanked: source?.ranking === 'graph',
      ...(table ? { table } : {}),
    };
    this.#blocks.push(block);
    this.#size += count;
    this.#entries.length = this.#size;
    this.#keys.length = this.#size;
    if (count > 0) {
      this.#maps.add(detailMap);
      this.#copied = undefined;
    }
    return block;
  }

  private makeEntry(block: Block, position: number, record: ContextRecord): TierEntry {
    const id = block.first + position;
    const entry: TierEntry = Object.freeze({
      id,
      key: record.key,
      record,
      home: block.home,
      sourceId: block.sourceId,
      detailMap: block.detailMap,
      maxDepth: block.maxDepth,
      graphRanked: block.graphRanked,
    });
    this.#entries[id] = entry;
    this.#keys[id] = record.key;
    return entry;
  }

  /** The block holding `id` (blocks are few and in id order; a scan over ids asks the same one again and again). */
  private blockOf(id: number): Block {
    const last = this.#lastBlock;
    if (last !== undefined && id >= last.first && id < last.first + last.count) return last;
    const blocks = this.#blocks;
    let low = 0;
    let high = blocks.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (blocks[middle]!.first <= id) low = middle;
      else high = middle - 1;
    }
    this.#lastBlock = blocks[low]!;
    return this.#lastBlock;
  }
}

function checkedRecord(record: unknown, block: Block, position: number): ContextRecord {
  if (!isJsonObject(record) || typeof record.key !== 'string' || record.key === '') throw invalidRecord(block, position);
  return record as ContextRecord;
}

function invalidRecord(
  block: Block,
  position: number,
  message = `Context source ${block.sourceId}: record ${position} needs a non-empty string "key".`,
) {
  return new EpError('CONTEXT_RECORD_INVALID', message, {
    exitCode: ExitCode.validation,
    details: { source: block.sourceId, position },
  });
}
