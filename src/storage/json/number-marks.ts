import type { JsonValue } from '../../records/json.js';

/**
 * JavaScript has one number type, Python two. A record read from a package remembers which of its numbers
 * were written as floats with an integral value (`1.0`, `1e+16`) and which integers were too large for a
 * double, so writing it back gives the same bytes. The marks live in a non-enumerable property of the
 * containing object or array: invisible to `JSON.stringify`, `Object.keys` and deep equality, and dropped
 * by copies, which is right, since a copy is new data. A mark applies only while the slot still holds the
 * value it was read with: assigning `2` where `1.0` was read writes `2`.
 */
const MARKS = Symbol.for('ep.jsonNumberMarks');

export interface NumberMark {
  /** The value the slot held when read. */
  readonly value: number;
  /** Exact decimal text of an integer beyond double precision; absent for integral floats. */
  readonly integerText?: string;
}

type Container = { [MARKS]?: Map<string | number, NumberMark> };

export function markNumber(container: object, slot: string | number, mark: NumberMark): void {
  const target = container as Container;
  let marks = target[MARKS];
  if (!marks) {
    marks = new Map();
    Object.defineProperty(target, MARKS, { value: marks, enumerable: false, configurable: true });
  }
  marks.set(slot, mark);
}

/** Forgets a slot's mark (a duplicate key read again without one). */
export function unmarkNumber(container: object, slot: string | number): void {
  (container as Container)[MARKS]?.delete(slot);
}

/** The mark for a slot, when it still holds the marked value. */
export function numberMark(container: object, slot: string | number, value: number): NumberMark | undefined {
  const mark = (container as Container)[MARKS]?.get(slot);
  return mark && Object.is(mark.value, value) ? mark : undefined;
}

/** Copies the top-level marks of `from` onto `to` (nested values are shared, so their marks come along). */
export function copyNumberMarks(from: object, to: object): void {
  const marks = (from as Container)[MARKS];
  if (marks) for (const [slot, mark] of marks) markNumber(to, slot, mark);
}

/** A copy of `object` with `key` set to `value`, keeping the marks of the members it shares. */
export function withMember<T extends object>(object: T, key: string, value: unknown): T {
  const copy = { ...object, [key]: value };
  copyNumberMarks(object, copy);
  return copy;
}

/** True when the object or array itself (not what it contains) carries a mark. */
export function hasOwnNumberMarks(container: object): boolean {
  return ((container as Container)[MARKS]?.size ?? 0) > 0;
}

/** True when `value` (an object or array) or anything inside it carries a mark. */
export function hasNumberMarks(value: JsonValue): boolean {
  if (value === null || typeof value !== 'object') return false;
  if ((value as Container)[MARKS]?.size) return true;
  return (Array.isArray(value) ? value : Object.values(value)).some(hasNumberMarks);
}
