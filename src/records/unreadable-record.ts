import type { EpError } from '../kernel/errors.js';
import type { JsonObject } from './json.js';
import type { Scenario } from './scenario.js';

/**
 * A stored record that cannot be read safely (nested past the depth limit) stays in its list, so writes keep
 * it in place and byte for byte, but reads leave it out: searches skip it and asking for it gives `reason`.
 * It is a plain object holding the record's top-level strings, numbers, booleans and nulls (its key among
 * them, so it can be found and replaced); the stored text and the reason live in a non-enumerable property,
 * which a copy drops, as it should: a copy is new data.
 */
const UNREADABLE = Symbol.for('ep.unreadableRecord');

export interface Unreadable {
  /** The record file exactly as stored, written back unchanged. */
  readonly storedText: string;
  /** Why it cannot be read: the error a read of it gives. */
  readonly reason: EpError;
}

export function unreadableRecord(topLevelFields: JsonObject, unreadable: Unreadable): Scenario {
  return Object.defineProperty(topLevelFields, UNREADABLE, { value: unreadable, enumerable: false });
}

export function unreadableOf(record: Scenario): Unreadable | undefined {
  return (record as { [UNREADABLE]?: Unreadable })[UNREADABLE];
}

export function isReadable(record: Scenario): boolean {
  return unreadableOf(record) === undefined;
}

/** The record itself, or its reason thrown when it cannot be read. */
export function assertReadable(record: Scenario): Scenario {
  const unreadable = unreadableOf(record);
  if (unreadable) throw unreadable.reason;
  return record;
}
