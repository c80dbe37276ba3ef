import type { JsonValue } from './json.js';

/**
 * A record's key as text. Packages written elsewhere may hold a key that is not a string; a number or a
 * boolean reads as itself and an object as its JSON, never as `[object Object]`, so two such keys stay apart.
 */
export function keyText(value: JsonValue | undefined): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
