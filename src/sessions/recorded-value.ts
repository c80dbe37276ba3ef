import { Limits } from '../limits/limits.js';
import { toJsonSafe } from './json-safe.js';
import { setOwn } from '../records/json.js';

/** Ends a value a session recorded cut short; the number is the size in bytes (UTF-8) of what was cut. */
export function truncationMarker(originalBytes: number): string {
  return `…[ep:truncated ${originalBytes} bytes]`;
}

/** Matches the marker at the end of a recorded string; group 1 is the original size in bytes. */
export const TRUNCATION_MARKER_PATTERN = /…\[ep:truncated (\d+) bytes\]$/;

/** Strings are never cut shorter than this while the value keeps its shape. */
const SMALLEST_CAP = 64;

/**
 * What a session records for a value: plain JSON (`toJsonSafe`) within `maxBytes` of JSON text, so one call
 * cannot grow the log by more than the bound, whatever it was given or returned. A value over the bound
 * keeps its shape with its long strings (and keys) cut short, each ending in the marker; when even that is
 * too big (very many small parts), it is recorded as the start of its JSON text, ending in the marker.
 */
export function recordedValue(value: unknown, maxBytes: number = Limits.sessionValueBytes): unknown {
  const safe = toJsonSafe(value);
  if (surelyWithin(safe, maxBytes) || jsonBytesWithin(safe, maxBytes) !== undefined) return safe;
  if (jsonBytesWithin(shorten(safe, SMALLEST_CAP), maxBytes) === undefined) {
    const text = JSON.stringify(safe);
    return recordedText(text, maxBytes);
  }
  // The cap with every string cut short always fits; the largest cap that still fits keeps the most.
  let fits = SMALLEST_CAP;
  let tooBig = maxBytes;
  while (tooBig - fits > Math.max(SMALLEST_CAP, fits / 16)) {
    const cap = Math.floor((fits + tooBig) / 2);
    if (jsonBytesWithin(shorten(safe, cap), maxBytes) !== undefined) fits = cap;
    else tooBig = cap;
  }
  return shorten(safe, fits);
}

/** A string within `maxBytes` of JSON text: itself, or its start ending in the marker. */
export function recordedText(text: string, maxBytes: number = Limits.sessionValueBytes): string {
  if (jsonBytesWithin(text, maxBytes) !== undefined) return text;
  const bytes = Buffer.byteLength(text);
  // Escapes make JSON text longer than the string; halving the room always ends within the bound.
  for (let room = maxBytes - truncationMarker(bytes).length - 2; ; room = Math.floor(room / 2)) {
    const cut = cutString(text, Math.max(0, room), bytes);
    if (room <= 0 || jsonBytesWithin(cut, maxBytes) !== undefined) return cut;
  }
}

/** A copy with every string and key over `cap` bytes cut to `cap` bytes and marked. */
function shorten(value: unknown, cap: number): unknown {
  if (typeof value === 'string') return capString(value, cap);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => shorten(item, cap));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    setOwn(out, capString(key, cap), shorten(item, cap));
  }
  return out;
}

function capString(text: string, cap: number): string {
  // Every UTF-16 unit is one to three bytes of UTF-8: measure only when the length cannot tell.
  if (text.length * 3 <= cap) return text;
  if (text.length <= cap) {
    const bytes = Buffer.byteLength(text);
    return bytes <= cap ? text : cutString(text, cap, bytes);
  }
  return cutString(text, cap, Buffer.byteLength(text));
}

/** The longest start of `text` within `room` bytes of UTF-8 (never half a character), then the marker. */
function cutString(text: string, room: number, originalBytes: number): string {
  const { read } = new TextEncoder().encodeInto(text, new Uint8Array(room));
  return `${text.slice(0, read)}${truncationMarker(originalBytes)}`;
}

/** Bytes of `JSON.stringify(value)` as UTF-8 when at most `max`; undefined (found without finishing) when more. */
function jsonBytesWithin(value: unknown, max: number): number | undefined {
  let total = 0;
  const visit = (node: unknown): boolean => {
    if (typeof node === 'string') total += stringBytes(node, max - total);
    else if (node === null || typeof node !== 'object') total += String(node).length;
    else if (Array.isArray(node)) {
      total += 1 + Math.max(1, node.length);
      for (const item of node) if (total > max || !visit(item)) return false;
    } else {
      const entries = Object.entries(node);
      total += 1 + Math.max(1, entries.length);
      for (const [key, item] of entries) {
        total += stringBytes(key, max - total) + 1;
        if (total > max || !visit(item)) return false;
      }
    }
    return total <= max;
  };
  return visit(value) ? total : undefined;
}

/**
 * Whether the JSON text of a value is surely within `max` bytes, from lengths alone (a UTF-16 unit is at
 * most 6 bytes of JSON text): the quick answer for the small values most calls record.
 */
function surelyWithin(value: unknown, max: number): boolean {
  let total = 0;
  const visit = (node: unknown): boolean => {
    if (typeof node === 'string') total += node.length * 6 + 2;
    else if (node === null || typeof node !== 'object') total += 24;
    else if (Array.isArray(node)) {
      total += 1 + Math.max(1, node.length);
      for (const item of node) if (total > max || !visit(item)) return false;
    } else {
      for (const key in node) {
        total += key.length * 6 + 4;
        if (total > max || !visit((node as Record<string, unknown>)[key])) return false;
      }
      total += 2;
    }
    return total <= max;
  };
  return visit(value);
}

/** Bytes of a string as JSON text; when it cannot fit in `room`, a lower bound is enough. */
function stringBytes(text: string, room: number): number {
  if (text.length + 2 > room) return text.length + 2;
  return Buffer.byteLength(JSON.stringify(text));
}
