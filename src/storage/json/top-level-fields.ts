import { setOwn, type JsonObject, type JsonPrimitive } from '../../records/json.js';

const LITERAL = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?(?![\w.])|true\b|false\b|null\b|NaN\b|-?Infinity\b/y;
const SPACE = /[ \t\n\r]*/y;

/**
 * The members of a JSON object's text whose values are strings, numbers, booleans or null, read in one pass
 * without descending into nested objects and arrays (they are skipped by counting brackets), so text nested
 * arbitrarily deep costs no recursion. Undefined when the text is not an object this scan can follow.
 */
export function topLevelScalars(text: string): JsonObject | undefined {
  const fields: JsonObject = {};
  let pos = skipSpace(text, 0);
  if (text[pos] !== '{') return undefined;
  pos = skipSpace(text, pos + 1);
  if (text[pos] === '}') return fields;
  for (;;) {
    const key = token(undefined, text, pos);
    if (!key) return undefined;
    pos = skipSpace(text, key.end);
    if (text[pos] !== ':') return undefined;
    pos = skipSpace(text, pos + 1);
    let value: JsonPrimitive | undefined;
    if (text[pos] === '{' || text[pos] === '[') {
      pos = skipNested(text, pos);
      if (pos < 0) return undefined;
    } else {
      const scalar = token(text[pos] === '"' ? undefined : LITERAL, text, pos);
      if (!scalar) return undefined;
      value = scalar.value;
      pos = scalar.end;
    }
    if (value !== undefined) {
      // `__proto__` is data here, never the prototype.
      setOwn(fields, key.value as string, value);
    }
    pos = skipSpace(text, pos);
    if (text[pos] === '}') return fields;
    if (text[pos] !== ',') return undefined;
    pos = skipSpace(text, pos + 1);
  }
}

function skipSpace(text: string, pos: number): number {
  SPACE.lastIndex = pos;
  SPACE.exec(text);
  return SPACE.lastIndex;
}

/** A string (`pattern` undefined) or a literal matching `pattern`, at `pos`. */
function token(pattern: RegExp | undefined, text: string, pos: number): { value: JsonPrimitive; end: number } | undefined {
  let end: number;
  if (pattern) {
    pattern.lastIndex = pos;
    if (!pattern.exec(text)) return undefined;
    end = pattern.lastIndex;
  } else {
    end = text[pos] === '"' ? stringEnd(text, pos) : -1;
    if (end < 0) return undefined;
  }
  const literal = text.slice(pos, end);
  let value: JsonPrimitive;
  if (literal === 'NaN') value = NaN;
  else if (literal.endsWith('Infinity')) value = literal.startsWith('-') ? -Infinity : Infinity;
  else {
    try {
      value = JSON.parse(literal) as JsonPrimitive;
    } catch {
      return undefined;
    }
  }
  return { value, end };
}

/**
 * The position just past the string opening at `pos`, or -1 when it never closes. Found with `indexOf`, not
 * a regular expression, whose backtracking overflows the stack on strings of millions of characters.
 */
function stringEnd(text: string, pos: number): number {
  for (let close = text.indexOf('"', pos + 1); close >= 0; close = text.indexOf('"', close + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(close - 1 - backslashes) === 0x5c) backslashes += 1;
    if (backslashes % 2 === 0) return close + 1;
  }
  return -1;
}

/** The position just past the object or array opening at `pos`, or -1 when it never closes. */
function skipNested(text: string, pos: number): number {
  let depth = 0;
  for (let i = pos; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (char === 0x22) {
      const end = stringEnd(text, i);
      if (end < 0) return -1;
      i = end - 1;
    } else if (char === 0x7b || char === 0x5b) depth += 1;
    else if ((char === 0x7d || char === 0x5d) && (depth -= 1) === 0) return i + 1;
  }
  return -1;
}
