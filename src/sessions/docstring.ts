import type { Callable } from './callable.js';

/**
 * A function's docstring: the text of a string directive that opens its body, as in
 *
 * ```js
 * export async function plan(input) {
 *   "Plan the pilot study; name the sample and the budget.";
 *   return callModel();
 * }
 * ```
 *
 * It is read from the function's source (`Function.prototype.toString`) by a small scanner and never
 * evaluated. `"use strict"` is skipped; an arrow function with an expression body, a class, a native or a
 * bound function has none. Empty text counts as none.
 */
export function leadingDirective(fn: Callable): string | undefined {
  let source: string;
  try {
    source = Function.prototype.toString.call(fn);
  } catch {
    return undefined;
  }
  const open = bodyStart(source);
  if (open === undefined) return undefined;
  let at = open + 1;
  for (;;) {
    at = skipTrivia(source, at).end;
    const literal = readString(source, at);
    if (literal === undefined) return undefined;
    const after = skipTrivia(source, literal.end);
    const next = source[after.end];
    const ended = next === ';' || next === '}' || (after.newline && !continuesExpression(source, after.end));
    if (!ended) return undefined;
    if (literal.value !== 'use strict') return literal.value.trim() || undefined;
    at = next === ';' ? after.end + 1 : after.end;
  }
}

/** The index of the `{` opening the body: the first one outside parentheses and brackets. */
function bodyStart(source: string): number | undefined {
  let depth = 0;
  let previous = '';
  for (let i = 0; i < source.length;) {
    const char = source[i]!;
    if (char === '"' || char === "'") {
      i = readString(source, i)?.end ?? source.length;
    } else if (char === '`') {
      i = skipTemplate(source, i);
    } else if (char === '/' && (source[i + 1] === '/' || source[i + 1] === '*')) {
      i = skipTrivia(source, i).end;
      continue;
    } else if (char === '/' && (previous === '' || '(,=:[!&|?{};'.includes(previous))) {
      i = skipRegex(source, i);
    } else if (char === '(' || char === '[') {
      depth += 1;
      i += 1;
    } else if (char === ')' || char === ']') {
      depth -= 1;
      i += 1;
    } else if (depth === 0 && char === '{') {
      return i;
    } else if (depth === 0 && char === '=' && source[i + 1] === '>') {
      const body = skipTrivia(source, i + 2).end;
      return source[body] === '{' ? body : undefined;
    } else {
      i += 1;
    }
    if (!/\s/.test(char)) previous = char;
  }
  return undefined;
}

/** Skips whitespace and comments from `at`; says whether a line ended on the way (for semicolon insertion). */
function skipTrivia(source: string, at: number): { end: number; newline: boolean } {
  let newline = false;
  let i = at;
  while (i < source.length) {
    const char = source[i]!;
    if (LINE_TERMINATORS.includes(char)) {
      newline = true;
      i += 1;
    } else if (/\s/.test(char)) {
      i += 1;
    } else if (char === '/' && source[i + 1] === '/') {
      while (i < source.length && !LINE_TERMINATORS.includes(source[i]!)) i += 1;
    } else if (char === '/' && source[i + 1] === '*') {
      const close = source.indexOf('*/', i + 2);
      const end = close === -1 ? source.length : close + 2;
      if ([...source.slice(i, end)].some((c) => LINE_TERMINATORS.includes(c))) newline = true;
      i = end;
    } else {
      break;
    }
  }
  return { end: i, newline };
}

const LINE_TERMINATORS = '\n\r\u2028\u2029';

/** After a line break, these begin a continuation of the expression rather than a new statement. */
function continuesExpression(source: string, at: number): boolean {
  return at >= source.length ? false : '.[(`+-*/%,?:=<>&|^'.includes(source[at]!) || /^(in|instanceof)\b/.test(source.slice(at, at + 11));
}

/** A single- or double-quoted string literal at `at`, decoded; undefined when there is none. */
function readString(source: string, at: number): { value: string; end: number } | undefined {
  const quote = source[at];
  if (quote !== '"' && quote !== "'") return undefined;
  let value = '';
  for (let i = at + 1; i < source.length;) {
    const char = source[i]!;
    if (char === quote) return { value, end: i + 1 };
    if (char === '\n' || char === '\r') return undefined;
    if (char !== '\\') {
      value += char;
      i += 1;
      continue;
    }
    const escape = readEscape(source, i + 1);
    value += escape.text;
    i = escape.end;
  }
  return undefined;
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v' };

/** The escape sequence after a backslash at `at`: its text and where it ends. */
function readEscape(source: string, at: number): { text: string; end: number } {
  const char = source[at] ?? '';
  if (char in SIMPLE_ESCAPES) return { text: SIMPLE_ESCAPES[char]!, end: at + 1 };
  if (char === '\r') return { text: '', end: source[at + 1] === '\n' ? at + 2 : at + 1 };
  if (LINE_TERMINATORS.includes(char)) return { text: '', end: at + 1 };
  if (char === '0' && !/[0-9]/.test(source[at + 1] ?? '')) return { text: '\0', end: at + 1 };
  const hex =
    char === 'x'
      ? /^[0-9a-fA-F]{2}/.exec(source.slice(at + 1, at + 3))
      : char === 'u'
        ? /^(?:[0-9a-fA-F]{4}|\{[0-9a-fA-F]{1,6}\})/.exec(source.slice(at + 1, at + 9))
        : null;
  if (hex) {
    const code = Number.parseInt(hex[0].replace(/[{}]/g, ''), 16);
    if (code <= 0x10ffff) return { text: String.fromCodePoint(code), end: at + 1 + hex[0].length };
  }
  return { text: char, end: at + 1 };
}

/** The index after a template literal starting at `at`, `${...}` parts included. */
function skipTemplate(source: string, at: number): number {
  for (let i = at + 1; i < source.length; i += 1) {
    const char = source[i]!;
    if (char === '\\') i += 1;
    else if (char === '`') return i + 1;
    else if (char === '$' && source[i + 1] === '{') i = skipBraces(source, i + 1) - 1;
  }
  return source.length;
}

/** The index after the `}` matching the `{` at `at`, skipping strings, templates and comments inside. */
function skipBraces(source: string, at: number): number {
  let depth = 0;
  for (let i = at; i < source.length;) {
    const char = source[i]!;
    if (char === '"' || char === "'") i = readString(source, i)?.end ?? source.length;
    else if (char === '`') i = skipTemplate(source, i);
    else if (char === '/' && (source[i + 1] === '/' || source[i + 1] === '*')) i = skipTrivia(source, i).end;
    else {
      if (char === '{') depth += 1;
      if (char === '}' && --depth === 0) return i + 1;
      i += 1;
    }
  }
  return source.length;
}

/** The index after a regular expression literal starting at `at`. */
function skipRegex(source: string, at: number): number {
  let inClass = false;
  for (let i = at + 1; i < source.length; i += 1) {
    const char = source[i]!;
    if (char === '\\') i += 1;
    else if (char === '[') inClass = true;
    else if (char === ']') inClass = false;
    else if (char === '/' && !inClass) return i + 1;
    else if (LINE_TERMINATORS.includes(char)) return i;
  }
  return source.length;
}
