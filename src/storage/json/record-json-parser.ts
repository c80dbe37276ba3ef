import { limitExceeded, Limits } from '../../limits/limits.js';
import type { JsonObject, JsonValue } from '../../records/json.js';
import { markNumber } from './number-marks.js';

/**
 * Parses JSON as Python's `json.loads` reads it, keeping what JavaScript numbers lose: floats with an
 * integral value (`1.0`) and integers beyond double precision are marked (see number-marks.ts) so they are
 * written back unchanged. Also accepts Python's `NaN`, `Infinity` and `-Infinity`.
 *
 * Most files hold none of these, so text that cannot contain them goes through the native `JSON.parse`.
 */
const MAY_NEED_MARKS = /\d\.0+(?![0-9])|\d[eE]|\d{16}|NaN|Infinity/;

export function parseJsonPreservingNumbers(text: string): JsonValue {
  // Strings often look like such numbers (EDSL's version `1.0.8.dev1`, long ids, dates): only what lies
  // outside strings decides. A manifest listing 100,000 scenarios would otherwise take the slow parser.
  if (!MAY_NEED_MARKS.test(text) || !MAY_NEED_MARKS.test(outsideStrings(text))) return JSON.parse(text) as JsonValue;
  return parseJsonMarkingNumbers(text);
}

/** Always the marking parser (what `parseJsonPreservingNumbers` falls back to); exported for tests. */
export function parseJsonMarkingNumbers(text: string): JsonValue {
  const parser = new Parser(text);
  const value = parser.value();
  parser.end();
  return value;
}

/**
 * The text between JSON strings, the pieces joined by spaces (so nothing can match across a removed string).
 * An unterminated string gives the whole text back: the marking parser then reports the error.
 */
function outsideStrings(text: string): string {
  const parts: string[] = [];
  let pos = 0;
  for (;;) {
    const open = text.indexOf('"', pos);
    if (open < 0) break;
    parts.push(text.slice(pos, open));
    let close = open;
    for (;;) {
      close = text.indexOf('"', close + 1);
      if (close < 0) return text;
      let backslashes = 0;
      while (text.charCodeAt(close - 1 - backslashes) === 0x5c) backslashes += 1;
      if (backslashes % 2 === 0) break;
    }
    pos = close + 1;
  }
  parts.push(text.slice(pos));
  return parts.join(' ');
}

const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;

class Parser {
  private pos = 0;
  /** Containers open around the current position: past the nesting limit the parse stops, never the stack. */
  private depth = 0;

  constructor(private readonly text: string) {}

  value(): JsonValue {
    this.skipSpace();
    const c = this.text.charCodeAt(this.pos);
    if (c === 0x7b || c === 0x5b) {
      if (++this.depth > Limits.nestingDepth) throw limitExceeded('The nesting depth of the JSON text', this.depth, Limits.nestingDepth, 'levels');
      const container = c === 0x7b ? this.object() : this.array();
      this.depth -= 1;
      return container;
    }
    if (c === 0x22) return this.string();
    if (this.take('true')) return true;
    if (this.take('false')) return false;
    if (this.take('null')) return null;
    if (this.take('NaN')) return NaN;
    if (this.take('Infinity')) return Infinity;
    if (this.take('-Infinity')) return -Infinity;
    // A bare top-level number has no slot to mark; records are objects, so this only serves completeness.
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return this.member({}, 0);
    return this.fail('a JSON value');
  }

  end(): void {
    this.skipSpace();
    if (this.pos !== this.text.length) this.fail('the end of the text');
  }

  private object(): JsonObject {
    this.pos += 1;
    const object: JsonObject = {};
    this.skipSpace();
    if (this.text.charCodeAt(this.pos) === 0x7d) {
      this.pos += 1;
      return object;
    }
    for (;;) {
      this.skipSpace();
      if (this.text.charCodeAt(this.pos) !== 0x22) this.fail('a string key');
      const key = this.string();
      this.skipSpace();
      if (this.text.charCodeAt(this.pos) !== 0x3a) this.fail('":"');
      this.pos += 1;
      this.skipSpace();
      const value = this.member(object, key);
      // `__proto__` is data here, never the prototype.
      Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
      this.skipSpace();
      const next = this.text.charCodeAt(this.pos++);
      if (next === 0x7d) return object;
      if (next !== 0x2c) this.fail('"," or "}"', -1);
    }
  }

  private array(): JsonValue[] {
    this.pos += 1;
    const array: JsonValue[] = [];
    this.skipSpace();
    if (this.text.charCodeAt(this.pos) === 0x5d) {
      this.pos += 1;
      return array;
    }
    for (;;) {
      this.skipSpace();
      array.push(this.member(array, array.length));
      this.skipSpace();
      const next = this.text.charCodeAt(this.pos++);
      if (next === 0x5d) return array;
      if (next !== 0x2c) this.fail('"," or "]"', -1);
    }
  }

  /** A value inside a container: numbers are read here so their marks can be attached to the slot. */
  private member(container: object, slot: string | number): JsonValue {
    const c = this.text.charCodeAt(this.pos);
    if (c !== 0x2d && (c < 0x30 || c > 0x39)) return this.value();
    NUMBER.lastIndex = this.pos;
    const match = NUMBER.exec(this.text);
    if (!match) {
      if (this.take('-Infinity')) return -Infinity;
      return this.fail('a number');
    }
    this.pos = NUMBER.lastIndex;
    const literal = match[0];
    const value = Number(literal);
    const isFloat = match[1] !== undefined || match[2] !== undefined;
    if (isFloat && Number.isInteger(value)) markNumber(container, slot, { value });
    else if (!isFloat && !Number.isSafeInteger(value)) markNumber(container, slot, { value, integerText: BigInt(literal).toString() });
    return value;
  }

  private string(): string {
    const start = this.pos;
    let i = start + 1;
    let escaped = false;
    for (;;) {
      const c = this.text.charCodeAt(i);
      if (Number.isNaN(c)) this.fail('the end of a string');
      if (c === 0x22) break;
      if (c === 0x5c) {
        escaped = true;
        i += 1;
      }
      i += 1;
    }
    this.pos = i + 1;
    const raw = this.text.slice(start, i + 1);
    return escaped || /[\x00-\x1f]/.test(raw) ? (JSON.parse(raw) as string) : raw.slice(1, -1);
  }

  private take(word: string): boolean {
    if (!this.text.startsWith(word, this.pos)) return false;
    this.pos += word.length;
    return true;
  }

  private skipSpace(): void {
    for (;;) {
      const c = this.text.charCodeAt(this.pos);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) this.pos += 1;
      else return;
    }
  }

  private fail(expected: string, offset = 0): never {
    throw new SyntaxError(`Expected ${expected} at position ${this.pos + offset}.`);
  }
}
