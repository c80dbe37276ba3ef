import type { NumberMark } from './number-marks.js';

/**
 * The mark a number literal needs so that its Python form survives (number-marks.ts): a float with an
 * integral value (`1.0`, `1e16`, `100000000000000.007`), or an integer beyond double precision. Undefined
 * for every other literal, which `JSON.parse` reads as Python would write it back.
 */
export function numberMarkFor(literal: string, value: number, isFloat: boolean): NumberMark | undefined {
  if (isFloat) return Number.isInteger(value) ? { value } : undefined;
  return Number.isSafeInteger(value) ? undefined : { value, integerText: BigInt(literal).toString() };
}

/**
 * Where a number that needs a mark can begin: NaN, Infinity, or a digit followed by an exponent, by a
 * fraction starting with 0 or 9, or by 14 digits and then a fraction or a 16th digit. A fraction of
 * at most 15 significant digits survives the round trip, so one read as an integral double lies within one
 * unit in the last place of an integer: with `n` integer digits, its first `15 - n` digits are all zeros or
 * all nines. Ordinary floats (`0.25`) and prose (`study 5.`) are passed over here, without a call into
 * JavaScript. Every alternative starts with one character of N, I or a digit and looks ahead from there,
 * which V8 scans in about 60% of the time of whole alternatives; a run of 16 digits is a candidate wherever it
 * starts (a long fraction too), since each candidate's literal is judged exactly below.
 */
const CANDIDATES = /N(?=aN)|I(?=nfinity)|\d(?=[eE][+-]?\d|\.[09]|\d{14}(?:\.\d|\d))/g;
const NUMBER_AT = /-?\d+(\.\d+)?([eE][+-]?\d+)?/y;

/**
 * True when `text` may hold, outside its strings, a number `JSON.parse` cannot read as Python does: NaN,
 * ±Infinity, or a literal that needs a mark. Each float or long literal is judged exactly, so ordinary floats
 * (`0.30000000000000004`) keep the native parser; strings are walked only as far as a literal that needs a
 * mark, to see whether it lies inside one (EDSL's version string `1.0.8.dev1` does).
 */
export function mayNeedNumberMarks(text: string): boolean {
  CANDIDATES.lastIndex = 0;
  // Everything before `from` is known; `from` is outside any string.
  let from = 0;
  for (let match = CANDIDATES.exec(text); match !== null; match = CANDIDATES.exec(text)) {
    let at = match.index;
    if (isDigit(text.charCodeAt(at))) {
      at = literalStart(text, at);
      NUMBER_AT.lastIndex = at;
      const literal = NUMBER_AT.exec(text)!;
      // Past the literal, and always forward (text like `1.2.3` can only be inside a string).
      CANDIDATES.lastIndex = Math.max(NUMBER_AT.lastIndex, match.index + 1);
      if (!numberMarkFor(literal[0], Number(literal[0]), literal[1] !== undefined || literal[2] !== undefined)) continue;
    }
    const close = stringAround(text, from, at);
    if (close === undefined) return true;
    // An unterminated string: the marking parser reports it.
    if (close < 0) return true;
    from = close + 1;
    CANDIDATES.lastIndex = Math.max(CANDIDATES.lastIndex, from);
  }
  return false;
}

/**
 * Walks the strings from `from` (outside any) to `at`: the closing quote of the string holding `at`,
 * undefined when `at` lies outside every string, -1 when a string never closes.
 */
function stringAround(text: string, from: number, at: number): number | undefined {
  for (let open = text.indexOf('"', from); open >= 0 && open < at; open = text.indexOf('"', from)) {
    const close = closingQuote(text, open);
    if (close < 0 || close > at) return close;
    from = close + 1;
  }
  return undefined;
}

function closingQuote(text: string, open: number): number {
  for (let close = text.indexOf('"', open + 1); close >= 0; close = text.indexOf('"', close + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(close - 1 - backslashes) === 0x5c) backslashes += 1;
    if (backslashes % 2 === 0) return close;
  }
  return -1;
}

/** The first digit of the literal holding the digit at `at`: back over digits and a decimal point between them. */
function literalStart(text: string, at: number): number {
  for (;;) {
    const previous = text.charCodeAt(at - 1);
    if (isDigit(previous) || (previous === 0x2e && isDigit(text.charCodeAt(at - 2)))) at -= 1;
    else return at;
  }
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}
