import { canonicalJson } from '../records/json.js';
import type { Scenario } from '../records/scenario.js';
import type { ChangedRecord, PackageDiff } from './package-store-contract.js';

/** Records added, removed and changed from `before` to `after`, matched by `keyField` when every record has one. */
export function diffRecords(before: readonly Scenario[], after: readonly Scenario[], keyField: string): Omit<PackageDiff, 'from' | 'to'> {
  const keyed = [...before, ...after].every((record) => record[keyField] !== undefined);
  if (!keyed) {
    const count = (records: readonly Scenario[]) => {
      const counts = new Map<string, number>();
      for (const record of records) counts.set(canonicalJson(record), (counts.get(canonicalJson(record)) ?? 0) + 1);
      return counts;
    };
    const take = (records: readonly Scenario[], other: Map<string, number>) =>
      records.filter((record) => {
        const identity = canonicalJson(record);
        const left = other.get(identity) ?? 0;
        other.set(identity, left - 1);
        return left <= 0;
      });
    return { by: 'content', added: take(after, count(before)), removed: take(before, count(after)), changed: [] };
  }
  const index = (records: readonly Scenario[]) => new Map(records.map((record) => [canonicalJson(record[keyField]!), record]));
  const old = index(before);
  const now = index(after);
  const added = after.filter((record) => !old.has(canonicalJson(record[keyField]!)));
  const removed = before.filter((record) => !now.has(canonicalJson(record[keyField]!)));
  const changed: ChangedRecord[] = [];
  for (const [identity, record] of now) {
    const previous = old.get(identity);
    if (previous && canonicalJson(previous) !== canonicalJson(record))
      changed.push({ key: record[keyField]!, before: previous, after: record });
  }
  return { by: 'key', added, removed, changed };
}
