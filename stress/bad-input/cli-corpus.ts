import path from 'node:path';
import { REPO_ROOT } from '../support/ep-process.js';
import type { SeededRandom } from '../support/random.js';
import { deliverJson, type CliCase, type CliCaseFactory, type CorpusContext, type ToolInfo } from './cases.js';
import {
  allowedTypes,
  deepJson,
  invalidUtf8,
  malformedJson,
  oversizedJson,
  traversalPaths,
  validObject,
  wrongTypedValue,
  type HostileJson,
} from './hostile-values.js';

const AGENT = `import { agentFunction } from ${JSON.stringify(path.join(REPO_ROOT, 'dist/src/index.js'))};
export const note = agentFunction({ name: 'note', instructions: 'Keep the note.' }, async (input) => ({ value: input }));
`;

/** JSON every option taking JSON must refuse: malformed, too deep, too big, not UTF-8. */
function refusedJson(random: SeededRandom): HostileJson {
  const pick = random.next();
  if (pick < 0.45) return malformedJson(random);
  if (pick < 0.7) return deepJson(random);
  if (pick < 0.9) return invalidUtf8(random);
  return oversizedJson(random);
}

/** Session ids that must never become a directory name. */
function hostileSessionId(context: CorpusContext): string {
  const { random } = context;
  return random.pick([
    '..',
    '.',
    '../..',
    `../../${path.basename(context.outside('s'))}`,
    context.outside(`session-${random.int(0, 999)}`),
    'a/b',
    'a\\b',
    'x'.repeat(random.int(129, 5000)),
    `a\u0007b`,
    `a\u001b[31mred`,
    ' ',
    '.hidden',
    'ö-umlaut',
    'a\tb',
    'a\nb',
    '%2e%2e',
    'con:',
    '*',
  ]);
}

/** Strings passed where a tool name belongs. */
function hostileToolName(context: CorpusContext): string {
  const { random } = context;
  return random.pick(
    [
      'builtin/nope',
      '../../etc/passwd',
      'builtin/../../x',
      'x'.repeat(random.int(200, 20_000)),
      'builtin/\u001b[2J',
      'BUILTIN/SEARCH',
      '__proto__',
      'constructor',
      'builtin/',
      '/',
      ' ',
      'builtin/search-records\u0000',
      'builtin/search-records ',
      'toString',
    ].map((name) => name.replace('\u0000', '')),
  );
}

/** One input to a tool where exactly one thing breaks its schema. */
export function schemaViolation(tool: ToolInfo, random: SeededRandom): { family: string; input: unknown } {
  const schema = tool.inputSchema ?? {};
  const base = validObject(schema);
  const properties = Object.entries<any>(schema.properties ?? {});
  const choices: (() => { family: string; input: unknown })[] = [
    () => ({ family: 'wrong types', input: random.pick([[], 'text', 42, null, true, [base]]) }),
  ];
  if ((schema.required ?? []).length > 0) {
    choices.push(() => {
      const copy = { ...base };
      delete copy[random.pick(schema.required as string[])];
      return { family: 'wrong types', input: copy };
    });
  }
  if (schema.additionalProperties === false) {
    choices.push(() => ({ family: 'wrong types', input: { ...base, [random.pick(['__proto__x', 'extra', '../x', 'constructor'])]: 1 } }));
  }
  const typed = properties.filter(([, property]) => allowedTypes(property) !== undefined || Array.isArray(property.enum));
  if (typed.length > 0) {
    choices.push(() => {
      const [name, property] = random.pick(typed);
      const value = Array.isArray(property.enum) ? `not-${String(property.enum[0])}` : wrongTypedValue(allowedTypes(property)!, random);
      return { family: 'wrong types', input: { ...base, [name]: value } };
    });
  }
  const bounded = properties.filter(
    ([, property]) => property.minimum !== undefined || property.maximum !== undefined || property.minLength !== undefined,
  );
  if (bounded.length > 0) {
    choices.push(() => {
      const [name, property] = random.pick(bounded);
      const value =
        property.minLength !== undefined
          ? ''
          : property.maximum !== undefined && random.next() < 0.5
            ? property.maximum + 1
            : (property.minimum ?? 0) - 1;
      return { family: 'wrong types', input: { ...base, [name]: value } };
    });
  }
  return random.pick(choices)();
}

function tool(context: CorpusContext): ToolInfo {
  return context.random.pick(context.tools);
}

const withHostileFile = (name: string, json: HostileJson): Record<string, string | Uint8Array> => ({ [name]: json.text });

/**
 * The command line's hostile inputs, one factory per command and kind of input. New commands add factories
 * here; `ep tools list` supplies the tools, so new tools are covered without changes.
 */
export const CLI_FACTORIES: readonly CliCaseFactory[] = [
  {
    name: 'tools call: refused JSON',
    build: (context) => {
      const json = refusedJson(context.random);
      return {
        family: json.family,
        command: 'tools call',
        expect: 'error',
        ...join(['tools', 'call', tool(context).name], deliverJson(json, '--json', context.random)),
      };
    },
  },
  {
    name: 'tools call: schema violations',
    build: (context) => {
      const target = tool(context);
      const { family, input } = schemaViolation(target, context.random);
      return {
        family,
        command: 'tools call',
        expect: 'error',
        ...join(
          ['tools', 'call', target.name],
          deliverJson({ family, text: JSON.stringify(input), kind: 'syntax-ok' }, '--json', context.random),
        ),
      };
    },
  },
  {
    name: 'tools call: control characters and huge strings',
    build: (context) => {
      const target = tool(context);
      const input = validObject(target.inputSchema);
      const strings = Object.entries<any>(target.inputSchema?.properties ?? {}).filter(([, p]) => allowedTypes(p)?.includes('string'));
      const huge = context.random.next() < 0.3;
      for (const [name] of strings)
        input[name] = huge ? 'z'.repeat(context.random.int(100_000, 2_000_000)) : `a\u0000b\u001b[31m\u202e${name}\r\n`;
      return {
        family: huge ? 'huge values' : 'control characters',
        command: 'tools call',
        expect: 'any',
        ...join(
          ['tools', 'call', target.name],
          deliverJson({ family: 'x', text: JSON.stringify(input), kind: 'syntax-ok' }, '--json', context.random),
        ),
      };
    },
  },
  {
    name: 'tools call: hostile tool names',
    build: (context) => ({
      family: 'path traversal',
      command: 'tools call',
      expect: 'error',
      args: ['tools', 'call', hostileToolName(context), '--json', '{}'],
    }),
  },
  {
    name: 'tools call: --json names something that is not a JSON file',
    build: (context) => {
      const source = context.random.pick([
        '/dev/zero',
        '/dev/urandom',
        'fifo',
        'a-directory',
        traversalPaths(context.outside, context.random),
        'missing.json',
        '/proc/self/mem',
      ]);
      const files: Record<string, string | null> =
        source === 'fifo' ? { fifo: null } : source === 'a-directory' ? { 'a-directory/file': '{}' } : {};
      return {
        family: 'path traversal',
        command: 'tools call',
        expect: 'error',
        args: ['tools', 'call', tool(context).name, '--json', `@${source}`],
        files,
      };
    },
  },
  {
    name: 'run: refused --input',
    build: (context) => {
      const json = refusedJson(context.random);
      return {
        family: json.family,
        command: 'run',
        expect: 'error',
        files: { 'agent.mjs': AGENT },
        ...join(['run', './agent.mjs#note'], deliverJson(json, '--input', context.random)),
      };
    },
  },
  {
    name: 'run and mcp: hostile session ids',
    build: (context) =>
      context.random.next() < 0.75
        ? {
            family: 'path traversal',
            command: 'run',
            expect: 'error',
            files: { 'agent.mjs': AGENT },
            args: ['run', './agent.mjs#note', '--input', '{}', '--session', hostileSessionId(context)],
          }
        : { family: 'path traversal', command: 'mcp', expect: 'error', args: ['mcp', '--session', hostileSessionId(context)] },
  },
  {
    name: 'run: hostile targets',
    build: (context) => {
      const target = context.random.pick([
        `${traversalPaths(context.outside, context.random)}.mjs#run`,
        './agent.mjs#missing',
        './agent.mjs#constructor',
        './agent.mjs#__proto__',
        './agent.mjs#note.__proto__',
        '#',
        './agent.mjs#',
        './missing.mjs#note',
        './not-a-module.mjs#note',
        './agent.mjs#note.bind.call',
        './binary.mjs#x',
        `./agent.mjs#${'x'.repeat(10_000)}`,
      ]);
      return {
        family: 'path traversal',
        command: 'run',
        expect: 'error',
        files: { 'agent.mjs': AGENT, 'not-a-module.mjs': 'export const = ;', 'binary.mjs': Buffer.from([0xff, 0xfe, 0, 1, 2]) },
        args: ['run', target, '--input', '{}'],
      };
    },
  },
  {
    name: 'run: refused answers file',
    build: (context) => ({
      family: 'malformed JSON',
      command: 'run',
      expect: 'error',
      files: { 'agent.mjs': AGENT, ...withHostileFile('answers.json', refusedJson(context.random)) },
      args: ['run', './agent.mjs#note', '--input', '{}', '--answers', 'answers.json'],
    }),
  },
  {
    name: 'run: odd options',
    build: (context) => ({
      family: 'wrong types',
      command: 'run',
      expect: 'any',
      files: { 'agent.mjs': AGENT },
      args: [
        'run',
        './agent.mjs#note',
        '--input',
        context.random.pick(['[]', '"text"', '42', 'null', '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"x":1}}}']),
        '--timeout',
        context.random.pick(['-1', '0', 'NaN', '1e309', 'abc', '99999999999']),
      ],
    }),
  },
  {
    name: 'session show|delete: hostile ids',
    build: (context) => ({
      family: 'path traversal',
      command: 'session',
      expect: 'error',
      args: ['session', context.random.pick(['show', 'delete']), hostileSessionId(context)],
    }),
  },
  {
    name: 'session: broken stored sessions',
    build: (context) => {
      const json = refusedJson(context.random);
      const log = context.random.pick(['{"id":"n1"', 'garbage\n', '{"id":"n1","kind":"call"}\n{"id":', '\u0000\u0000\n']);
      const files = { '.ep-home/sessions/broken/meta.json': json.text, '.ep-home/sessions/broken/history/nodes.jsonl': log };
      const sub = context.random.pick(['list', 'show', 'delete']);
      return {
        family: json.family,
        command: `session ${sub}`,
        expect: sub === 'show' ? 'error' : 'any',
        files,
        args: ['session', sub, ...(sub === 'list' ? [] : ['broken'])],
      };
    },
  },
  {
    name: 'context use: hostile paths',
    build: (context) => {
      const where = context.random.pick([
        traversalPaths(context.outside, context.random),
        `a\u0007b.ep`,
        `${'d/'.repeat(2000)}x.ep`,
        ' ',
        'x'.repeat(5000),
        '-',
        '\u202eevil.ep',
      ]);
      return {
        family: 'path traversal',
        command: 'context use',
        expect: 'any',
        args: ['context', 'use', '--path', where, ...context.random.pick([[], ['--append'], ['--write'], ['--append', '--write']])],
      };
    },
  },
  {
    name: 'context: broken pointer file',
    build: (context) => {
      const json =
        context.random.next() < 0.8
          ? refusedJson(context.random)
          : {
              family: 'wrong types',
              text: JSON.stringify(
                context.random.pick([
                  [],
                  { active_context_paths: 'x' },
                  { active_context_paths: [1] },
                  { default_write_context_path: {} },
                  null,
                ]),
              ),
              kind: 'error' as const,
            };
      const sub = context.random.pick(['current', 'use', 'clear']);
      return {
        family: json.family,
        command: `context ${sub}`,
        expect: sub === 'clear' ? 'any' : 'error',
        files: { '.edsl/context.json': json.text },
        args: ['context', sub, ...(sub === 'use' ? ['--path', 'x.ep', '--append'] : [])],
      };
    },
  },
  {
    name: 'any command: broken project config',
    build: (context) => {
      const json =
        context.random.next() < 0.7
          ? refusedJson(context.random)
          : {
              family: 'path traversal',
              text: JSON.stringify(
                context.random.pick([
                  { plugins: [traversalPaths(context.outside, context.random)] },
                  { plugins: 'x' },
                  { providers: { 'ep.SearchEngine': '../../x' } },
                  { disable: [{}] },
                  [],
                ]),
              ),
              kind: 'error' as const,
            };
      const args = context.random.pick([
        ['plugins', 'list'],
        ['tools', 'list'],
        ['tools', 'call', 'builtin/get-context-budget'],
        ['session', 'list'],
        ['mcp'],
      ]);
      return { family: json.family, command: args.join(' '), expect: 'error', files: { '.edsl/ep.json': json.text }, args };
    },
  },
  {
    name: 'any command: bad usage',
    build: (context) => ({
      family: 'wrong types',
      command: 'usage',
      expect: 'error',
      args: context.random.pick([
        ['--bogus'],
        ['context'],
        ['tools', 'call'],
        ['run'],
        ['session', 'show'],
        ['nope'],
        ['tools', 'list', '--plugin', traversalPaths(context.outside, context.random)],
        ['tools', 'call', 'builtin/search-records', '--json'],
        ['context', 'use'],
        ['demo', '--bogus'],
        ['session', 'list', 'extra', 'args'],
        ['mcp', '--bogus'],
        ['run', './x.mjs#y', '--input'],
      ]),
    }),
  },
];

function join(prefix: string[], delivery: Pick<CliCase, 'args' | 'stdin' | 'files'>): Pick<CliCase, 'args' | 'stdin' | 'files'> {
  return { ...delivery, args: [...prefix, ...delivery.args] };
}

/** `count` cases: the factories in turn, each drawing its own variant from the seeded generator. */
export async function buildCliCorpus(
  context: CorpusContext,
  count: number,
  factories: readonly CliCaseFactory[] = CLI_FACTORIES,
): Promise<CliCase[]> {
  // EP_STRESS_FACTORY narrows the corpus to the factories whose name contains it, to chase one failure.
  const only = process.env.EP_STRESS_FACTORY;
  if (only) factories = factories.filter((factory) => factory.name.includes(only));
  const cases: CliCase[] = [];
  for (let i = 0; i < count; i += 1) cases.push(await factories[i % factories.length]!.build(context));
  return cases;
}
