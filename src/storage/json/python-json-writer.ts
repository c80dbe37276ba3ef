import { limitExceeded, Limits } from '../../limits/limits.js';
import type { JsonValue } from '../../records/json.js';
import { numberMark } from './number-marks.js';

/**
 * JSON text byte for byte as Python's `json.dumps(value, indent=2, sort_keys=True) + "\n"`, the form EDSL
 * writes every package file in: keys sorted by code point at every level, two-space indent, `": "` after
 * keys, everything outside printable ASCII escaped as `\uXXXX` (astral characters as surrogate pairs), and
 * numbers in Python's `repr` form.
 */
export function pythonJsonDumps(value: JsonValue): string {
  const parts: string[] = [];
  write(value, '', parts, undefined, 0);
  parts.push('\n');
  return parts.join('');
}

function write(value: JsonValue, indent: string, parts: string[], container: object | undefined, slot: string | number): void {
  if (value === null) parts.push('null');
  else if (value === true) parts.push('true');
  else if (value === false) parts.push('false');
  else if (typeof value === 'string') parts.push(pythonString(value));
  else if (typeof value === 'number') parts.push(pythonNumber(value, container, slot));
  // Each level indents by two: past the nesting limit the write stops, never the stack.
  else if (indent.length >= 2 * Limits.nestingDepth)
    throw limitExceeded('The nesting depth of the value written', indent.length / 2 + 1, Limits.nestingDepth, 'levels');
  else if (Array.isArray(value)) {
    if (value.length === 0) {
      parts.push('[]');
      return;
    }
    const inner = `${indent}  `;
    parts.push('[');
    for (let i = 0; i < value.length; i += 1) {
      parts.push(i === 0 ? `\n${inner}` : `,\n${inner}`);
      write(value[i]!, inner, parts, value, i);
    }
    parts.push(`\n${indent}]`);
  } else {
    const keys = sortedKeys(value);
    if (keys.length === 0) {
      parts.push('{}');
      return;
    }
    const inner = `${indent}  `;
    parts.push('{');
    keys.forEach((key, i) => {
      parts.push(i === 0 ? `\n${inner}` : `,\n${inner}`, pythonString(key), ': ');
      write(value[key]!, inner, parts, value, key);
    });
    parts.push(`\n${indent}}`);
  }
}

const NEEDS_SURROGATE_ORDER = /[\ud800-\uffff]/;

/** Python sorts `str` keys by code point; JavaScript's default sort compares UTF-16 units. */
function sortedKeys(object: object): string[] {
  const keys = Object.keys(object);
  if (!keys.some((key) => NEEDS_SURROGATE_ORDER.test(key))) return keys.sort();
  return keys.sort(compareCodePoints);
}

/**
 * Compares as Python compares `str`: by code point. A surrogate pair is one code point above U+FFFF; a lone
 * surrogate is its own code point (U+DC00 sorts before U+E000).
 */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  let i = 0;
  while (i < length && a.charCodeAt(i) === b.charCodeAt(i)) i += 1;
  if (i === length) return a.length - b.length;
  // The first difference may be the low half of a pair whose high half both share: compare from that half.
  const start = i > 0 && isHighSurrogate(a.charCodeAt(i - 1)) ? i - 1 : i;
  const x = a.codePointAt(start)!;
  const y = b.codePointAt(start)!;
  // Both a lone high surrogate (equal), followed by different characters.
  if (x === y) return a.codePointAt(i)! - b.codePointAt(i)!;
  return x - y;
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

const PLAIN_STRING = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
const SHORT_ESCAPES: Record<number, string> = {
  0x22: '\\"',
  0x5c: '\\\\',
  0x0a: '\\n',
  0x0d: '\\r',
  0x09: '\\t',
  0x08: '\\b',
  0x0c: '\\f',
};

/** `ensure_ascii=True`: printable ASCII as is, the rest escaped (lower-case hex, as Python does). */
export function pythonString(text: string): string {
  if (PLAIN_STRING.test(text)) return `"${text}"`;
  let out = '"';
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit >= 0x20 && unit <= 0x7e && unit !== 0x22 && unit !== 0x5c) out += text[i];
    else out += SHORT_ESCAPES[unit] ?? `\\u${unit.toString(16).padStart(4, '0')}`;
  }
  return `${out}"`;
}

/** A number as Python writes it: `int` as digits, `float` as `repr` (`1.0`, `1e-05`, `1e+16`, `NaN`). */
export function pythonNumber(value: number, container?: object, slot: string | number = 0): string {
  const mark = container ? numberMark(container, slot, value) : undefined;
  if (mark) return mark.integerText ?? pythonFloatRepr(value);
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity';
  if (Number.isInteger(value)) return Math.abs(value) < 2 ** 53 ? String(value === 0 ? 0 : value) : BigInt(value).toString();
  return pythonFloatRepr(value);
}

/**
 * Python's `float.__repr__`: the shortest digits that round-trip (the same digits JavaScript picks), in
 * fixed notation when the decimal exponent is in [-4, 16), scientific otherwise, with at least `.0`.
 */
export function pythonFloatRepr(value: number): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  // The common case, an integral float written in fixed notation (`1.0`, `-3.0`): its digits as they are.
  if (Number.isInteger(value) && Math.abs(value) < 1e16) return `${value}.0`;
  const [mantissa, exponentText] = value.toExponential().split('e') as [string, string];
  const exponent = Number(exponentText);
  const sign = mantissa.startsWith('-') ? '-' : '';
  const digits = mantissa.replace('-', '').replace('.', '');
  if (exponent < -4 || exponent >= 16) {
    const head = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${sign}${head}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  if (digits.length <= exponent + 1) return `${sign}${digits}${'0'.repeat(exponent + 1 - digits.length)}.0`;
  return `${sign}${digits.slice(0, exponent + 1)}.${digits.slice(exponent + 1)}`;
}
