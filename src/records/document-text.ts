import type { SearchDocument } from '../search/search-engine.js';
import type { JsonValue } from './json.js';
import { getPath, type Scenario } from './scenario.js';

export const DEFAULT_SEARCH_FIELDS = ['key', 'kind', 'title', 'summary', 'content', 'tags'] as const;

/**
 * The text a field contributes to a record's search document. Strings contribute themselves, numbers and
 * booleans their text, lists their items. A nested object contributes only when the caller named a path
 * (explicit fields): default fields stay shallow, as the context spec asks.
 */
export function fieldText(record: Scenario, path: string, explicit: boolean): string {
  const value = getPath(record, path);
  // Most fields are plain strings, and most lists (tags) hold only strings: those are returned as they are or
  // joined natively. Collecting item by item made a list column cost five times all the others together.
  if (typeof value === 'string') return value;
  // An absent field (most records lack some default field) contributes nothing, without a list to join.
  if (value === undefined || value === null) return '';
  if (Array.isArray(value) && allStrings(value)) return value.join(' ');
  const parts: string[] = [];
  collect(value, explicit, parts, 0);
  return parts.join(' ');
}

function allStrings(values: readonly JsonValue[]): values is string[] {
  for (let i = 0; i < values.length; i += 1) if (typeof values[i] !== 'string') return false;
  return true;
}

function collect(value: JsonValue | undefined, includeObjects: boolean, parts: string[], depth: number): void {
  if (value === undefined || value === null) return;
  if (typeof value === 'string') parts.push(value);
  else if (typeof value === 'number' || typeof value === 'boolean') parts.push(String(value));
  else if (Array.isArray(value)) for (const item of value) collect(item, includeObjects, parts, depth + 1);
  else if (includeObjects && depth < 32) for (const key of Object.keys(value)) collect(value[key], includeObjects, parts, depth + 1);
}

/** The default fields' texts of `records` as columns: `[f][d]` is record d's text for DEFAULT_SEARCH_FIELDS[f]. */
export function searchColumns(records: readonly Scenario[]): string[][] {
  return DEFAULT_SEARCH_FIELDS.map((field) => records.map((record) => fieldText(record, field, false)));
}

/** The search documents for records: one text per selected field. Explicit fields may reach into objects. */
export function searchDocuments(records: readonly Scenario[], fields: readonly string[] | undefined): SearchDocument[] {
  const explicit = fields !== undefined;
  const selected = fields ?? DEFAULT_SEARCH_FIELDS;
  return records.map((record): SearchDocument => {
    const document: Record<string, string> = {};
    for (const field of selected) document[field] = fieldText(record, field, explicit);
    return document;
  });
}
