import type { SeededRandom } from '../support/random.js';
import type { CorpusContext, ToolInfo } from './cases.js';
import { schemaViolation } from './cli-corpus.js';
import { allowedTypes, validObject } from './hostile-values.js';

/** One hostile exchange with `ep mcp`. */
export interface McpCase {
  readonly family: string;
  readonly description: string;
  /** `tools/call` params as raw JSON text (so deep and huge values are sent exactly as built). */
  readonly callParams?: string;
  /** A whole frame carrying the given id, which must be answered. */
  readonly framed?: (id: number) => string;
  /** A frame that needs no answer; the server must still answer a ping afterwards. */
  readonly frame?: string | Uint8Array;
  readonly expect: 'error' | 'any';
}

export interface McpCaseFactory {
  readonly name: string;
  build(context: CorpusContext): McpCase;
}

const call = (name: string, argumentsText: string) => `{"name":${JSON.stringify(name)},"arguments":${argumentsText}}`;

function deepText(random: SeededRandom): string {
  const depth = random.pick([65, 500, 5_000, 100_000]);
  return random.next() < 0.5 ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

const tool = (context: CorpusContext): ToolInfo => context.random.pick(context.tools);

/** Files the MCP project holds that are named like packages but are not regular files. */
export const MCP_PROJECT_TRAPS = { fifo: 'fifo.ep', deviceLink: 'zero.ep' } as const;

/** Tools that take packages to read (`paths`) or one package to read or write (`path`). */
const PATH_TOOLS: readonly [string, 'paths' | 'path', Record<string, unknown>][] = [
  ['builtin/context-search', 'paths', { query: 'first' }],
  ['builtin/context-get', 'paths', { key: 'note.alpha' }],
  ['builtin/context-pack', 'paths', { query: 'first' }],
  ['builtin/context-history', 'path', {}],
  ['builtin/context-upsert', 'path', { record: { key: 'note.alpha', summary: 'changed' } }],
  ['builtin/context-add', 'path', { record: { key: 'note.new' } }],
];

/** Hostile MCP traffic: every tool's schema broken one way at a time, hostile names, and broken frames. */
export const MCP_FACTORIES: readonly McpCaseFactory[] = [
  {
    name: 'schema violations',
    build: (context) => {
      const target = tool(context);
      const { family, input } = schemaViolation(target, context.random);
      return {
        family,
        description: `${target.name} ${JSON.stringify(input).slice(0, 80)}`,
        callParams: call(target.name, JSON.stringify(input)),
        expect: 'error',
      };
    },
  },
  {
    name: 'deep nesting',
    build: (context) => {
      const target = tool(context);
      const strings = Object.entries<any>(target.inputSchema?.properties ?? {}).map(([name]) => name);
      const field = strings.length > 0 ? context.random.pick(strings) : 'x';
      const base = JSON.stringify(validObject(target.inputSchema)).slice(0, -1);
      const args = `${base}${base.length > 1 ? ',' : ''}${JSON.stringify(field)}:${deepText(context.random)}}`;
      return { family: 'deep nesting', description: `${target.name} deep ${field}`, callParams: call(target.name, args), expect: 'error' };
    },
  },
  {
    name: 'huge values and control characters',
    build: (context) => {
      const target = tool(context);
      const input = validObject(target.inputSchema);
      const huge = context.random.next() < 0.25;
      const strings = Object.entries<any>(target.inputSchema?.properties ?? {}).filter(([, p]) => allowedTypes(p)?.includes('string'));
      for (const [name] of strings)
        input[name] = huge ? 'q'.repeat(context.random.int(1_000_000, 6_000_000)) : `x\u0000\u0007\u001b[0m\u2028\ud800${name}`;
      return {
        family: huge ? 'huge values' : 'control characters',
        description: `${target.name} strings`,
        callParams: call(target.name, JSON.stringify(input)),
        expect: 'any',
      };
    },
  },
  {
    name: 'hostile tool names',
    build: (context) => {
      const name = context.random.pick([
        'builtin/nope',
        '../../etc/passwd',
        '__proto__',
        'constructor',
        '',
        'x'.repeat(100_000),
        'builtin/\u0000',
        'hasOwnProperty',
      ]);
      return {
        family: 'path traversal',
        description: `tool ${JSON.stringify(name.slice(0, 40))}`,
        callParams: call(name, '{}'),
        expect: 'error',
      };
    },
  },
  {
    name: 'arguments of the wrong shape',
    build: (context) => {
      const target = tool(context);
      const args = context.random.pick(['[]', '"text"', '42', 'true', '[{}]', '{"__proto__":{"polluted":true}}']);
      const expect = args.startsWith('{') && (target.inputSchema?.required ?? []).length === 0 ? 'any' : 'error';
      return { family: 'wrong types', description: `${target.name} arguments ${args}`, callParams: call(target.name, args), expect };
    },
  },
  {
    name: 'paths outside the roots, devices and FIFOs',
    build: (context) => {
      const [name, field, base] = context.random.pick(PATH_TOOLS);
      const where = context.random.pick([
        '/dev/zero',
        '/dev/urandom',
        '/etc/passwd',
        '../outside.ep',
        context.outside('x.ep'),
        MCP_PROJECT_TRAPS.fifo,
        MCP_PROJECT_TRAPS.deviceLink,
      ]);
      const input = { ...base, [field]: field === 'paths' ? (context.random.next() < 0.5 ? [where] : ['context.ep', where]) : where };
      return {
        family: 'devices and FIFOs',
        description: `${name} ${field} ${where}`,
        callParams: call(name, JSON.stringify(input)),
        expect: 'error',
      };
    },
  },
  {
    name: 'broken frames',
    build: (context) => {
      const frame = context.random.pick<string | Uint8Array>([
        '{',
        'not json',
        '[]',
        '[1,2]',
        'null',
        '{"jsonrpc":"2.0"}',
        '{"jsonrpc":"1.0","id":"x","method":"ping"}',
        Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
        Buffer.from([0xc0, 0xaf, 0x0a, 0x7b]),
        '{"jsonrpc":"2.0","method":"tools/call","params":{"name":"x"}}',
        deepText(context.random),
        `{"jsonrpc":"2.0","id":${'9'.repeat(400)},"method":"ping"}`,
        '\u0000\u0000\u0000',
      ]);
      return { family: typeof frame === 'string' ? 'malformed JSON' : 'invalid UTF-8', description: 'frame', frame, expect: 'any' };
    },
  },
  {
    name: 'requests the server does not serve',
    build: (context) => {
      const method = context.random.pick(['nope', 'tools/nope', 'resources/read', '__proto__', 'tools/call/../../x', 'initialize']);
      return {
        family: 'wrong types',
        description: `method ${method}`,
        framed: (id) => `{"jsonrpc":"2.0","id":${id},"method":${JSON.stringify(method)},"params":{"x":1}}`,
        expect: 'error',
      };
    },
  },
];

export function buildMcpCorpus(context: CorpusContext, count: number, factories: readonly McpCaseFactory[] = MCP_FACTORIES): McpCase[] {
  return Array.from({ length: count }, (_, i) => factories[i % factories.length]!.build(context));
}
