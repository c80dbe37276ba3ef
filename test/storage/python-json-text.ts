import { spawnSync } from 'node:child_process';
import fc from 'fast-check';

/**
 * Random JSON texts as Python's `json` module reads and writes them: numbers in every spelling (integers
 * beyond double precision, `1.0`, `-0.0`, exponents in either case with or without a sign, fractions that
 * round to an integer, NaN, ±Infinity), strings and keys with lone surrogates and astral characters, raw or
 * escaped, and any spacing.
 */
const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
/** Fractions biased toward long runs of zeros or nines, the ones that may round to an integer. */
const fraction = fc.oneof(
  digits(1, 20),
  fc.tuple(fc.constantFrom('0', '9'), fc.integer({ min: 1, max: 22 }), digits(0, 3)).map(([digit, run, tail]) => digit.repeat(run) + tail),
);
const integerPart = fc.oneof(
  fc.constant('0'),
  fc.tuple(fc.constantFrom(...'123456789'), digits(0, 24)).map(([head, rest]) => head + rest),
);
const exponent = fc
  .tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), fc.integer({ min: 0, max: 400 }), fc.boolean())
  .map(([e, sign, value, padded]) => `${e}${sign}${padded ? String(value).padStart(3, '0') : value}`);
const literal = fc
  .tuple(fc.boolean(), integerPart, fc.option(fraction, { nil: undefined }), fc.option(exponent, { nil: undefined }))
  .map(([negative, int, frac, exp]) => `${negative ? '-' : ''}${int}${frac === undefined ? '' : `.${frac}`}${exp ?? ''}`);
const double = fc.double({ noNaN: true, noDefaultInfinity: true });
export const pythonNumberText = fc.oneof(
  literal,
  double.map(String),
  double.map((value) => value.toExponential()),
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
  fc.constantFrom(
    'NaN',
    'Infinity',
    '-Infinity',
    '1.0',
    '-0.0',
    '-0',
    '1e300',
    '1e400',
    '-1e400',
    '1e-400',
    '100000000000000.007',
    '0.99999999999999999',
    '9007199254740993',
    `1${'0'.repeat(30)}`,
    '1e16',
    '1E+16',
    '2.50',
    '0.30000000000000004',
    '1e-05',
  ),
);

const tricky = fc.constantFrom(
  '\udc00',
  '\ue000',
  '\ud83d',
  '\ud800\ud800',
  '😀',
  '\uffff',
  '\u{10ffff}',
  'é',
  '',
  'key',
  '1.0',
  'NaN',
  '"',
  '\\',
  '\n',
);
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 6 }),
  tricky,
  fc.array(tricky, { maxLength: 3 }).map((parts) => parts.join('')),
);
/** A JSON string literal, raw or with everything outside ASCII escaped (as Python writes it). */
const stringText = fc.tuple(text, fc.boolean()).map(([value, escaped]) => {
  const literal = JSON.stringify(value);
  // eslint-disable-next-line no-control-regex -- everything outside ASCII, which starts at NUL
  return escaped ? literal.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : literal;
});
const space = fc.constantFrom('', ' ', '\n  ', '\t');

export const pythonJsonText: fc.Arbitrary<string> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    pythonNumberText,
    stringText,
    fc.constantFrom('true', 'false', 'null'),
    tie('array'),
    tie('object'),
  ),
  array: fc
    .tuple(fc.array(fc.tuple(space, tie('value')), { maxLength: 5 }), space)
    .map(([items, end]) => `[${items.map(([s, v]) => `${s}${v as string}`).join(',')}${end}]`),
  object: fc
    .tuple(fc.array(fc.tuple(space, stringText, space, tie('value')), { maxLength: 5 }), space)
    .map(([members, end]) => `{${members.map(([s, k, t, v]) => `${s}${k}${t}:${t}${v as string}`).join(',')}${end}}`),
})).object;

const PYTHON_DUMPS = `
import json, sys
def dumps(text):
    return json.dumps(json.loads(text), indent=2, sort_keys=True) + "\\n"
batch = json.load(sys.stdin)
json.dump([[dumps(text) for text in row] for row in batch], sys.stdout)
`;

/**
 * What the real Python prints for `json.dumps(json.loads(text), indent=2, sort_keys=True) + "\n"`, for
 * every text of every row: one python3 process for the whole batch.
 */
export function pythonDumpsBatch(rows: readonly (readonly string[])[]): string[][] {
  const result = spawnSync('python3', ['-c', PYTHON_DUMPS], {
    input: JSON.stringify(rows),
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`python3 failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as string[][];
}
