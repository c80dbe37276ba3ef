import type { JsonValue } from './json.js';
import type { Codebook, Scenario } from './scenario.js';

export type DuplicatePolicy = 'error' | 'first' | 'last';

/**
 * An ordered list of records with an optional codebook, and keyed lookup and upsert: what a package store
 * loads, saves and hands a change. The records domain owns this shape so storage depends on it rather than
 * on a class; ScenarioList is the implementation (`ScenarioList.from` turns any RecordList into one).
 */
export interface RecordList extends Iterable<Scenario> {
  readonly length: number;
  readonly codebook: Codebook | undefined;
  at(index: number): Scenario | undefined;
  toArray(): Scenario[];
  /** A new list with this list's records followed by `other`'s (this list's codebook wins per field). */
  concat(other: RecordList): RecordList;
  /** Each value of `field` to its record; duplicates are DUPLICATE_KEY unless `onDuplicate` says which wins. */
  indexBy(field: string, options?: { onDuplicate?: DuplicatePolicy }): Map<JsonValue, Scenario>;
  /** The first record whose `field` equals `value`. */
  lookup(field: string, value: JsonValue): Scenario | undefined;
  /** Every record whose `field` equals `value`, in list order. */
  lookupMany(field: string, value: JsonValue): RecordList;
  /** Replaces the first record with the same `field` value, keeping its position, or appends. */
  upsert(field: string, record: Scenario, options?: { inPlace?: boolean }): RecordList;
}

/** Whether `value` has the RecordList shape (a store checks what a change returned with this). */
export function isRecordList(value: unknown): value is RecordList {
  if (value === null || typeof value !== 'object') return false;
  const list = value as Partial<Record<keyof RecordList | typeof Symbol.iterator, unknown>>;
  return (
    typeof list[Symbol.iterator] === 'function' &&
    typeof list.length === 'number' &&
    'codebook' in value &&
    typeof list.toArray === 'function' &&
    typeof list.upsert === 'function'
  );
}
