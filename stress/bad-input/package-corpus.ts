import type { CliCase, CliCaseFactory, CorpusContext } from './cases.js';
import { deliverJson } from './cases.js';
import { HOSTILE_PACKAGE_KINDS, hostilePackage } from './hostile-packages.js';
import { controlCharacters, deepJson, invalidUtf8, malformedJson, oversizedJson, type HostileJson } from './hostile-values.js';
import { buildZip } from './zip-builder.js';

const READS = [
  ['context', 'get', '--path', 'pkg.ep', '--key', 'note.alpha'],
  ['context', 'search', '--path', 'pkg.ep', '--query', 'first'],
  ['context', 'pack', '--path', 'pkg.ep', '--query', 'first', '--char-budget', '500'],
  ['context', 'history', '--path', 'pkg.ep'],
];
const WRITES = [
  ['context', 'upsert', '--path', 'pkg.ep', '--json', '{"key":"note.alpha","summary":"changed"}'],
  ['context', 'add', '--path', 'pkg.ep', '--json', '{"key":"note.gamma","summary":"new"}'],
];

/** A record every write must refuse: broken JSON, or a well-formed value that is not a valid record. */
function refusedRecord(context: CorpusContext): HostileJson {
  const { random } = context;
  const pick = random.next();
  if (pick < 0.3) return malformedJson(random);
  if (pick < 0.45) return deepJson(random);
  if (pick < 0.6) return invalidUtf8(random);
  if (pick < 0.65) return oversizedJson(random);
  const [family, record] = random.pick<[string, unknown]>([
    ['wrong types', { summary: 'no key' }],
    ['wrong types', { key: '' }],
    ['wrong types', { key: 42 }],
    ['wrong types', { key: null }],
    ['wrong types', []],
    ['wrong types', 'text'],
    ['wrong types', { key: ['a'] }],
    ['wrong types', { key: { a: 1 } }],
    ['huge values', { key: 'x'.repeat(513) }],
    ['huge values', { key: 'note.big', summary: 'y'.repeat(1024 * 1024 + 10) }],
    ['control characters', { key: 'a\u0000b' }],
    ['control characters', { key: 'a\u001b[31m' }],
    ['control characters', { key: 'line\nbreak' }],
  ]);
  return { family, text: JSON.stringify(record), kind: 'error' };
}

const basePackage = (context: CorpusContext) => buildZip([...context.base]);

/** Hostile packages through every command that opens one; hostile records through every command that writes one. */
export const PACKAGE_FACTORIES: readonly CliCaseFactory[] = [
  {
    name: 'context read and write: hostile packages',
    build: (context) => {
      const kind = context.random.pick(HOSTILE_PACKAGE_KINDS);
      const hostile = hostilePackage(kind, context.base, context);
      const args = context.random.pick(context.random.next() < 0.5 ? WRITES : READS);
      // History reads commits only: a package whose manifest or record files are bad still has a readable history.
      const expect = (kind === 'broken manifest' || kind === 'large record blob') && args[1] === 'history' ? 'any' : hostile.expect;
      return { family: `package: ${kind}`, command: args.slice(0, 2).join(' '), expect, files: { 'pkg.ep': hostile.bytes }, args };
    },
  },
  {
    name: 'context upsert and add: refused records',
    build: (context) => {
      const json = refusedRecord(context);
      const verb = context.random.pick(['upsert', 'add']);
      return withPackage(
        context,
        { family: json.family, command: `context ${verb}`, expect: 'error', ...deliverJson(json, '--json', context.random) },
        ['context', verb, '--path', 'pkg.ep'],
      );
    },
  },
  {
    name: 'context upsert: keys that look like paths',
    build: (context) => {
      const key = context.random.pick([
        '../../../escaped',
        '/etc/passwd',
        'scenarios/../../x',
        '.git/config',
        'manifest.json',
        '__proto__',
        'constructor',
        '..',
        '%2e%2e%2f',
        '.git/hooks/post-commit',
      ]);
      const json: HostileJson =
        context.random.next() < 0.3
          ? controlCharacters(context.random, 'summary')
          : { family: 'path traversal', text: JSON.stringify({ key, summary: 'x' }), kind: 'syntax-ok' };
      // A key is data: any of these may be stored, as long as nothing is written where the key points.
      const expect = 'any';
      return withPackage(
        context,
        { family: json.family, command: 'context upsert', expect, ...deliverJson(json, '--json', context.random) },
        ['context', 'upsert', '--path', 'pkg.ep', '--key', key],
      );
    },
  },
  {
    name: 'context search, get and pack: odd options',
    build: (context) => {
      const { random } = context;
      const args = random.pick([
        [
          'context',
          'search',
          '--query',
          random.pick(['', ' ', 'x'.repeat(50_000), 'a\u0007b', '*', '"']),
          '--top-k',
          random.pick(['-1', '0', 'NaN', '1e309', 'abc']),
        ],
        [
          'context',
          'pack',
          '--query',
          'first',
          '--char-budget',
          random.pick(['-5', '0', 'NaN', '1e309']),
          '--token-budget',
          random.pick(['-1', 'x', '0']),
        ],
        ['context', 'get', '--key', random.pick(['../../x', '', 'x'.repeat(10_000), '__proto__', 'a\u0007b'])],
        ['context', 'history', '--path', random.pick(['missing.ep', '.', '/dev/zero', 'pkg.ep/..'])],
      ]);
      return withPackage(
        context,
        { family: 'wrong types', command: args.slice(0, 2).join(' '), expect: 'any', args: ['--path', 'pkg.ep'] },
        args,
      );
    },
  },
  {
    name: 'scenarios create: refused input',
    build: (context) => {
      const { random } = context;
      const json =
        random.next() < 0.6
          ? refusedRecord(context)
          : { family: 'wrong types', text: random.pick(['{}', '"x"', '42', 'null', '']), kind: 'error' as const };
      const list =
        json.family === 'wrong types' || json.family === 'huge values' || json.family === 'control characters'
          ? `[${String(json.text)}]`
          : json.text;
      const output = random.pick(['out.ep', 'existing.ep', 'a-dir', 'missing-dir/out.ep']);
      // A list of objects (even empty ones, or none) is a valid ScenarioList; only a list holding non-objects, JSON that is
      // not a list, or an output that cannot be written must fail.
      const expect =
        output !== 'out.ep' ||
        (json.family !== 'wrong types' && json.family !== 'control characters') ||
        /^\[(\[|"|42|null)/.test(String(list))
          ? 'error'
          : 'any';
      return {
        family: json.family,
        command: 'scenarios create',
        expect,
        files: { 'records.json': list, 'existing.ep': basePackage(context), 'a-dir/x': 'x' },
        args: ['scenarios', 'create', '--from-json', 'records.json', '--output', output],
      };
    },
  },
];

/** A case run against a valid package `pkg.ep` in its working directory (plus whatever files the case brings). */
function withPackage(
  context: CorpusContext,
  hostile: Omit<CliCase, 'args'> & { args: readonly string[] },
  prefix: readonly string[],
): CliCase {
  return { ...hostile, args: [...prefix, ...hostile.args], files: { 'pkg.ep': basePackage(context), ...(hostile.files ?? {}) } };
}
