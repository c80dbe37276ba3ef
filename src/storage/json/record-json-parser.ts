import { limitExceeded, Limits } from '../../limits/limits.js';
import { setOwn, type JsonObject, type JsonValue } from '../../records/json.js';
import { mayNeedNumberMarks, numberMarkFor } from './number-form-scan.js';
import { markNumber, unmarkNumber } from './number-marks.js';

/**
 * Parses JSON as Python's `json.loads` reads it, keeping what JavaScript numbers lose: floats with an
 * integral value (`1.0`) and integers beyond double precision are marked (see number-marks.ts) so they are
 * written back unchanged. Also accepts Python's `NaN`, `Infinity` and `-Infinity`.
 *
 * Most texts hold none of these, so text that cannot contain them (number-form-scan.ts) goes through the
 * native `JSON.parse`.
 */
export function parseJsonPreservingNumbers(text: string): JsonValue {
  return mayNeedNumberMarks(text) ? parseJsonMarkingNumbers(text) : (JSON.parse(text) as JsonValue);
}

/** Always the marking parser (what `parseJsonPreservingNumbers` falls back to); exported for tests. */
export function parseJsonMarkingNumbers(text: string): JsonValue {
  const parser = new Parser(text);
  const value = parser.value();
  parser.end();
  return value;
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
      if (++this.depth > Limits.nestingDepth)
        throw limitExceeded('The nesting depth of the JSON text', this.depth, Limits.nestingDepth, 'levels');
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
      if (key === '__proto__') setOwn(object, key, value);
      else object[key] = value;
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
    const value = Number(match[0]);
    const mark = numberMarkFor(match[0], value, match[1] !== undefined || match[2] !== undefined);
    if (mark) markNumber(container, slot, mark);
    // A key given twice keeps its last value, as in Python: an earlier mark must not outlive it.
    else unmarkNumber(container, slot);
    return value;
  }

  private string(): string {
    const text = this.text;
    const start = this.pos + 1;
    const close = text.indexOf('"', start);
    let i = start;
    while (i < close) {
      const c = text.charCodeAt(i);
      if (c === 0x5c || c < 0x20) break;
      i += 1;
    }
    if (i === close) {
      this.pos = close + 1;
      return text.slice(start, close);
    }
    // Escapes or control characters (refused): the native parser decodes or rejects the literal.
    for (;;) {
      const c = text.charCodeAt(i);
      if (Number.isNaN(c)) this.fail('the end of a string');
      if (c === 0x22) break;
      i += c === 0x5c ? 2 : 1;
    }
    this.pos = i + 1;
    return JSON.parse(text.slice(start - 1, i + 1)) as string;
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
