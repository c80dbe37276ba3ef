import type { Scenario } from '../../records/scenario.js';
import { isReadable } from '../../records/unreadable-record.js';
import { copyNumberMarks } from '../../storage/json/number-marks.js';
import { pythonJsonDumps } from '../../storage/json/python-json-writer.js';

/** `created_at` on first write, kept afterwards; `updated_at` on every write; values the caller gave win. */
export function stampRecord(record: Scenario, existing: Scenario | undefined, now: string): Scenario {
  const stored: Scenario = {
    ...record,
    created_at: record.created_at ?? existing?.created_at ?? now,
    updated_at: record.updated_at ?? now,
  };
  // Keep Python float forms (`1.0`) of values carried over unchanged from the stored record or the input.
  if (existing) copyNumberMarks(existing, stored);
  copyNumberMarks(record, stored);
  return stored;
}

/** Whether `record` says nothing `existing` does not: equal as stored, with its timestamps where `record` has none. */
export function sameRecord(record: Scenario, existing: Scenario): boolean {
  const candidate: Scenario = { ...record };
  // As stampRecord() would store it: float forms of values carried over from the stored record, then the input's.
  copyNumberMarks(existing, candidate);
  copyNumberMarks(record, candidate);
  for (const field of ['created_at', 'updated_at']) {
    if (record[field] === undefined && existing[field] !== undefined) candidate[field] = existing[field]!;
  }
  // A stored record that cannot be read is never the same as one given: an upsert replaces it.
  return isReadable(existing) && pythonJsonDumps(candidate) === pythonJsonDumps(existing);
}

/** ISO-8601 UTC to the second: `2026-07-17T10:00:00Z`. */
export function timestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
