import { canonicalJson } from './json.js';
import type { Scenario } from './scenario.js';

/** One record as it was at two commits, field by field. */
export interface RecordDiff {
  readonly key: string;
  readonly from: string;
  readonly to: string;
  /** `absent`: the key is in neither commit. */
  readonly status: 'added' | 'removed' | 'changed' | 'unchanged' | 'absent';
  readonly before: Scenario | null;
  readonly after: Scenario | null;
  /** Every field of either version, in the order they first appear, with whether its value differs. */
  readonly fields: { readonly name: string; readonly changed: boolean }[];
}

/** Compares the two versions of one record (null where the commit does not hold it). */
export function diffRecord(key: string, from: string, to: string, before: Scenario | null, after: Scenario | null): RecordDiff {
  const names = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const fields = names.map((name) => ({ name, changed: identity(before?.[name]) !== identity(after?.[name]) }));
  const status =
    before === null
      ? after === null
        ? 'absent'
        : 'added'
      : after === null
        ? 'removed'
        : fields.some((f) => f.changed)
          ? 'changed'
          : 'unchanged';
  return { key, from, to, status, before, after, fields };
}

function identity(value: Scenario[string] | undefined): string | undefined {
  return value === undefined ? undefined : canonicalJson(value);
}
