import type { SeededRandom } from '../support/random.js';

/** A JSON argument as bytes or text, and whether every command must refuse it. */
export interface HostileJson {
  readonly family: string;
  /** The input; bytes when it is not valid UTF-8 (it can then only travel in a file or on stdin). */
  readonly text: string | Uint8Array;
  /** `error`: refused by every JSON option; `syntax-ok`: parses and stays within the limits. */
  readonly kind: 'error' | 'syntax-ok';
}

const MALFORMED = [
  '',
  ' ',
  '{',
  '}',
  '[',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{a:1}',
  'NaN',
  'Infinity',
  'undefined',
  '[1,2',
  '{"a":1}{"b":2}',
  '{"a":01}',
  '"unterminated',
  '{"a":"\\x41"}',
  '{"a":"\u0001"}',
  '{"a":"\\u12"}',
  '{"a" 1}',
  '{,}',
  '[,1]',
  '{"__proto__":',
  'tru',
  'nul',
  '{"a":-}',
  '{"a":.5}',
  '{"a":1e}',
  '/* comment */{}',
  '{"a":1} // trailing',
  '\u0000',
];

export function malformedJson(random: SeededRandom): HostileJson {
  const base = random.pick(MALFORMED);
  // Sometimes wrap a malformed fragment in an otherwise valid document, so the error is not on the first byte.
  const text = random.next() < 0.3 ? `{"ok": [1, 2, 3], "bad": ${base || '{'}` : base;
  return { family: 'malformed JSON', text, kind: 'error' };
}

/** Nesting past the documented limit: arrays, objects, or both interleaved. */
export function deepJson(random: SeededRandom): HostileJson {
  const depth = random.pick([65, 100, 1_000, 10_000, 200_000]);
  const style = random.int(0, 2);
  let text: string;
  if (style === 0) text = `${'['.repeat(depth)}${']'.repeat(depth)}`;
  else if (style === 1) text = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  else text = `{"key":"deep","value":${'[{"x":'.repeat(Math.ceil(depth / 2))}0${'}]'.repeat(Math.ceil(depth / 2))}}`;
  return { family: 'deep nesting', text, kind: 'error' };
}

/** JSON larger than the documented input limit (16 MiB); only files and stdin can carry it. */
export function oversizedJson(random: SeededRandom): HostileJson {
  const size = 16 * 1024 * 1024 + random.int(1, 4096);
  const text = random.next() < 0.5 ? `{"key":"big","value":"${'x'.repeat(size)}"}` : `[${'0,'.repeat(size / 2)}0]`;
  return { family: 'huge values', text, kind: 'error' };
}

const INVALID_UTF8: readonly number[][] = [
  [0xff],
  [0xfe, 0xff],
  [0xc0, 0xaf],
  [0xe0, 0x80, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xc3],
  [0x80],
  [0xf4, 0x90, 0x80, 0x80],
];

/** A valid-looking JSON document with bytes that are not UTF-8 inside a string, a key, or at the end. */
export function invalidUtf8(random: SeededRandom): HostileJson {
  const bad = Buffer.from(random.pick(INVALID_UTF8));
  const where = random.int(0, 2);
  const parts = where === 0 ? ['{"key":"note.', '","summary":"x"}'] : where === 1 ? ['{"', '":"value"}'] : ['{"key":"note.a"}', ''];
  return { family: 'invalid UTF-8', text: Buffer.concat([Buffer.from(parts[0]!), bad, Buffer.from(parts[1]!)]), kind: 'error' };
}

/** Valid JSON whose strings carry control characters (escaped), in values and in keys. */
export function controlCharacters(random: SeededRandom, field = 'key'): HostileJson {
  const code = random.pick([0, 1, 7, 8, 9, 10, 13, 27, 31, 127]);
  const escaped = `\\u${code.toString(16).padStart(4, '0')}`;
  const text = random.next() < 0.5 ? `{"${field}":"note${escaped}x","summary":"a${escaped}b"}` : `{"${field}${escaped}":"x"}`;
  return { family: 'control characters', text, kind: 'syntax-ok' };
}

/** Strings that name places outside the working directory, or that a careless join would follow there. */
export function traversalPaths(outside: (name: string) => string, random: SeededRandom): string {
  const name = `escaped-${random.int(0, 1_000_000)}`;
  const target = outside(name);
  return random.pick([
    `../../../${name}`,
    `${'../'.repeat(random.int(3, 12))}${target.replace(/^\//, '')}`,
    target,
    `./a/../../../../${name}`,
    `..\\..\\..\\${name}`,
    `%2e%2e/%2e%2e/%2e%2e/${name}`,
    `....//....//${name}`,
    `file://${target}`,
    `${target}/`,
    `~/../../${name}`,
  ]);
}

/** Values of every JSON type but the allowed ones, so a schema check must refuse them. */
export function wrongTypedValue(allowed: readonly string[], random: SeededRandom): unknown {
  const candidates: [string, unknown][] = [
    ['string', random.pick(['x', '', '0', 'null'])],
    ['number', random.pick([1.5, 0.25, -2.5])],
    ['integer', random.pick([0, 7, -3])],
    ['boolean', random.next() < 0.5],
    ['null', null],
    ['array', random.pick([[], [1, 'a'], [[]]])],
    ['object', random.pick([{}, { a: 1 }])],
  ];
  // An integer is also a number; a number with a fraction is never an integer.
  const fitting = candidates.filter(([type]) => !allowed.includes(type) && !(type === 'integer' && allowed.includes('number')));
  return random.pick(fitting.length > 0 ? fitting : candidates)[1];
}

/** The JSON types a schema allows, or undefined when the schema does not say. */
export function allowedTypes(schema: any): string[] | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type;
  if (Array.isArray(schema.anyOf ?? schema.oneOf)) {
    const parts = (schema.anyOf ?? schema.oneOf).map(allowedTypes);
    return parts.some((part: unknown) => part === undefined) ? undefined : [...new Set(parts.flat() as string[])];
  }
  return undefined;
}

/** A minimal value a schema accepts, to build inputs where exactly one thing is wrong. */
export function validValue(schema: any): unknown {
  if (Array.isArray(schema?.enum)) return schema.enum[0];
  const type = allowedTypes(schema)?.[0];
  switch (type) {
    case 'string':
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
      return Math.max(1, schema.minimum ?? 1);
    case 'number':
      return Math.max(0.5, schema.minimum ?? 0.5);
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'null':
      return null;
    default:
      return validObject(schema);
  }
}

export function validObject(schema: any): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const name of schema?.required ?? []) object[name] = validValue(schema.properties?.[name]);
  return object;
}
