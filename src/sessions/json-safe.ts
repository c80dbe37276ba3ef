import { setOwn } from '../records/json.js';

/**
 * Turns arguments and results into plain JSON for the log: functions, symbols, bigints, errors and
 * cycles get a readable stand-in instead of failing the call that produced them.
 */
export function toJsonSafe(value: unknown): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (value === undefined) return null;
  return convert(value, new WeakSet());
}

function convert(value: unknown, seen: WeakSet<object>): unknown {
  switch (typeof value) {
    case 'undefined':
      return null;
    case 'number':
      return Number.isFinite(value) ? value : String(value);
    case 'bigint':
      return value.toString();
    case 'function':
      return `[Function ${value.name || 'anonymous'}]`;
    case 'symbol':
      return value.toString();
    case 'object':
      break;
    default:
      return value;
  }
  if (value === null) return null;
  if (seen.has(value)) return '[Circular]';
  seen.add(value);
  try {
    if (value instanceof Error) return { name: value.name, message: value.message };
    if (value instanceof Date) return value.toISOString();
    if (Array.isArray(value)) return value.map((item) => convert(item, seen));
    if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [String(k), convert(v, seen)]));
    if (value instanceof Set) return [...value].map((item) => convert(item, seen));
    const toJSON = (value as { toJSON?: () => unknown }).toJSON;
    if (typeof toJSON === 'function') return convert(toJSON.call(value), seen);
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined && typeof item !== 'function') {
        setOwn(out, key, convert(item, seen));
      }
    }
    return out;
  } finally {
    seen.delete(value);
  }
}
