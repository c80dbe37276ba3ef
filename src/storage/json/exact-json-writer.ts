import { hasOwnNumberMarks, numberMark } from './number-marks.js';
import { pythonFloatRepr } from './python-json-writer.js';

export interface ExactJsonOptions {
  /** Spaces per level, as `JSON.stringify`'s third argument; 0 (the default) writes compact text. */
  readonly indent?: number;
  /**
   * How NaN and ±Infinity are written: `python` as Python's `json.dumps` writes them (`NaN`, `Infinity`,
   * `-Infinity`, which Python's `json.loads` reads but strict JSON parsers refuse), `null` as
   * `JSON.stringify` does, for text every JSON parser must read.
   */
  readonly nonFinite?: 'python' | 'null';
}

/** Deeper than this is taken for a cycle, which `JSON.stringify` refuses too (the parser stops at 1000). */
const MAX_DEPTH = 1500;

/**
 * `JSON.stringify(value, null, indent)`, except that numbers read with a Python form keep it (number-marks.ts:
 * `1.0` stays `1.0`, an integer beyond double precision keeps every digit) and non-finite numbers are written
 * as `nonFinite` says. Key order, spacing, string escapes and every other number are `JSON.stringify`'s.
 *
 * A value holding no mark and no non-finite number goes to `JSON.stringify` whole; otherwise only the objects
 * and arrays on the way to one are written here, and everything beside them by `JSON.stringify`.
 */
export function stringifyJsonPreservingNumbers(value: unknown, options: ExactJsonOptions = {}): string | undefined {
  const indent = options.indent ?? 0;
  const writer = new ExactWriter(indent > 0 ? ' '.repeat(Math.min(indent, 10)) : '', options.nonFinite ?? 'python');
  return writer.write(value, undefined, 0, '', 0) ? writer.out : undefined;
}

class ExactWriter {
  /** The text so far (concatenation measured faster than joining an array of the pieces). */
  out = '';

  constructor(
    private readonly step: string,
    private readonly nonFinite: 'python' | 'null',
  ) {}

  /** Appends one value; false for what `JSON.stringify` writes nothing for (undefined, functions, symbols). */
  write(value: unknown, container: object | undefined, slot: string | number, indent: string, depth: number): boolean {
    if (typeof value === 'number') this.out += this.number(value, container, slot);
    else if (typeof value === 'string') this.out += JSON.stringify(value);
    else if (value !== null && typeof value === 'object' && this.needsExact(value, depth)) this.container(value, indent, depth);
    else {
      let text = (this.step ? JSON.stringify(value, null, this.step) : JSON.stringify(value)) as string | undefined;
      if (text === undefined) return false;
      // JSON text has no raw newlines inside strings, so every newline starts a line to indent.
      if (this.step && indent) text = text.replaceAll('\n', `\n${indent}`);
      this.out += text;
    }
    return true;
  }

  /**
   * True when an object or array holds a mark or a non-finite number, itself or further down. Asked again
   * for each exact container on the way down: records are shallow, and keeping no set of visited objects
   * leaves them as they are (and the collector idle).
   */
  private needsExact(value: object, depth: number): boolean {
    if (depth > MAX_DEPTH) throw new TypeError(`Converting circular structure, or one nested more than ${MAX_DEPTH} levels deep, to JSON`);
    if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
    if (hasOwnNumberMarks(value)) return true;
    const children: unknown[] = Array.isArray(value) ? value : Object.values(value);
    for (let i = 0; i < children.length; i += 1) {
      const child = children[i];
      if (
        typeof child === 'number'
          ? this.nonFinite === 'python' && !Number.isFinite(child)
          : typeof child === 'object' && child !== null && this.needsExact(child, depth + 1)
      )
        return true;
    }
    return false;
  }

  private container(value: object, indent: string, depth: number): void {
    const inner = indent + this.step;
    const separator = this.step ? `,\n${inner}` : ',';
    if (Array.isArray(value)) {
      if (value.length === 0) return void (this.out += '[]');
      this.out += this.step ? `[\n${inner}` : '[';
      for (let i = 0; i < value.length; i += 1) {
        if (i > 0) this.out += separator;
        if (!this.write(value[i], value, i, inner, depth + 1)) this.out += 'null';
      }
      this.out += this.step ? `\n${indent}]` : ']';
      return;
    }
    const colon = this.step ? ': ' : ':';
    let written = 0;
    for (const key of Object.keys(value)) {
      const child: unknown = (value as Record<string, unknown>)[key];
      // What `JSON.stringify` leaves out of objects.
      if (child === undefined || typeof child === 'function' || typeof child === 'symbol') continue;
      this.out += (written === 0 ? (this.step ? `{\n${inner}` : '{') : separator) + JSON.stringify(key) + colon;
      this.write(child, value, key, inner, depth + 1);
      written += 1;
    }
    this.out += written === 0 ? '{}' : this.step ? `\n${indent}}` : '}';
  }

  private number(value: number, container: object | undefined, slot: string | number): string {
    const mark = container && numberMark(container, slot, value);
    if (mark) return mark.integerText ?? pythonFloatRepr(value);
    if (Number.isFinite(value)) return JSON.stringify(value);
    return this.nonFinite === 'null' ? 'null' : pythonFloatRepr(value);
  }
}
