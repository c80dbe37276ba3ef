import type { JsonValue } from '../../records/json.js';
import type { ContextRecord } from './contracts.js';

const SUMMARY_FIELDS = ['summary', 'title', 'description', 'content', 'text'] as const;
const SUMMARY_CHARS = 160;
const FIELD_CHARS = 240;

/**
 * Renders a record at a level of the record detail map: 0 the key, 1 the key and a one-line summary,
 * 2 the scalar fields (long text cut), 3 and above the whole record as JSON.
 */
export function renderRecord(record: ContextRecord, depth: number): string {
  if (depth <= 0) return record.key;
  if (depth === 1) {
    const summary = summaryOf(record);
    return summary === '' ? record.key : `${record.key}: ${summary}`;
  }
  if (depth === 2) {
    const lines = [record.key];
    for (const [field, value] of Object.entries(record)) {
      if (field === 'key') continue;
      const text = scalarText(value);
      if (text !== undefined) lines.push(`  ${field}: ${cut(text, FIELD_CHARS)}`);
    }
    return lines.join('\n');
  }
  return JSON.stringify(record, null, 1);
}

/** The first summary-like field, first line only, cut to one line's length. */
export function summaryOf(record: ContextRecord): string {
  for (const field of SUMMARY_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' && value.trim() !== '') return cut(value.trim().split('\n')[0]!, SUMMARY_CHARS);
  }
  return '';
}

/** Text of every string, number, boolean and list item in a record: its search document. */
export function recordText(record: ContextRecord): string {
  const parts: string[] = [];
  const collect = (value: JsonValue | undefined, depth: number) => {
    if (value === undefined || value === null || depth > 8) return;
    if (typeof value === 'string') parts.push(value);
    else if (typeof value === 'number' || typeof value === 'boolean') parts.push(String(value));
    else if (Array.isArray(value)) for (const item of value) collect(item, depth + 1);
    else for (const field of Object.keys(value)) collect(value[field], depth + 1);
  };
  for (const field of Object.keys(record)) collect(record[field], 0);
  return parts.join(' ');
}

/** String values of a record's fields (list items included), other than its own key: candidate references. */
export function referenceCandidates(record: ContextRecord): string[] {
  const values: string[] = [];
  for (const [field, value] of Object.entries(record)) {
    if (field === 'key') continue;
    if (typeof value === 'string') values.push(value);
    else if (Array.isArray(value)) for (const item of value) if (typeof item === 'string') values.push(item);
  }
  return values;
}

function scalarText(value: JsonValue | undefined): string | undefined {
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object')) return value.join(', ');
  return undefined;
}

function cut(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}
