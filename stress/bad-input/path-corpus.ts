import path from 'node:path';
import { sidecarPath } from '../../src/context/active/package-read-cache.js';
import type { CaseFile, CliCase, CliCaseFactory, CorpusContext } from './cases.js';
import { buildZip } from './zip-builder.js';

const FAMILY = 'devices and FIFOs';

/** Something that is not a regular file, as a path a command may be given, and the files that make it. */
function notAFile(context: CorpusContext, name: string): { where: string; files: Record<string, CaseFile> } {
  const kind = context.random.pick(['/dev/zero', '/dev/urandom', 'fifo', 'link to /dev/zero', 'directory']);
  if (kind.startsWith('/dev/')) return { where: kind, files: {} };
  if (kind === 'fifo') return { where: name, files: { [name]: null } };
  if (kind === 'directory') return { where: name, files: { [`${name}/inside`]: 'x' } };
  return { where: name, files: { [name]: { link: '/dev/zero' } } };
}

const READS = [
  ['context', 'get', '--key', 'note.alpha'],
  ['context', 'search', '--query', 'first'],
  ['context', 'pack', '--query', 'first'],
];
const WRITES = [
  ['context', 'upsert', '--json', '{"key":"note.alpha","summary":"changed"}'],
  ['context', 'add', '--json', '{"key":"note.new"}'],
];

const pointer = (paths: readonly string[], write: string | null = paths[0] ?? null) =>
  JSON.stringify({ active_context_paths: paths, default_write_context_path: write });

const basePackage = (context: CorpusContext) => buildZip([...context.base]);

/** Text a secret file holds, made unique per case so any output showing it is caught. */
function secretText(context: CorpusContext): { marker: string; text: string } {
  const marker = `s3cret${context.random.int(100_000, 999_999)}`;
  return {
    marker,
    text: context.random.pick([`root:$6$${marker}:19000:0:99999:7:::\n`, `${marker}\n`, `{"${marker}": ]`, `[1, ${marker}]`]),
  };
}

const AGENT = 'export const note = async (input) => ({ value: input });\n';

/**
 * Paths named from outside that are not regular files (devices, FIFOs, links to devices, directories),
 * wherever a command accepts a path: `--path`, the pointer's entries, the read cache's entries, `--json @`,
 * records, answers, config, session files and plugin modules; pointers naming one package many times or too
 * many packages; and files linked to a secret, which no error may echo. EP_HOME is the case's own, so the
 * read cache is on.
 */
export const PATH_FACTORIES: readonly CliCaseFactory[] = [
  {
    name: 'package paths: devices and FIFOs where a package belongs',
    build: (context) => {
      const { where, files } = notAFile(context, 'pkg-x.ep');
      const args = context.random.pick([...READS, ...WRITES, ['context', 'history'], ['context', 'use']]);
      return {
        family: FAMILY,
        command: args.slice(0, 2).join(' '),
        expect: 'error',
        files: { 'pkg.ep': basePackage(context), ...files },
        args: [...args, '--path', where],
      };
    },
  },
  {
    name: 'pointer: devices and FIFOs as active contexts',
    build: (context) => {
      const { where, files } = notAFile(context, 'pkg-x.ep');
      const paths = context.random.next() < 0.5 ? [where] : ['pkg.ep', where];
      const args = context.random.pick([...READS, ['context', 'history']]);
      const write = args[1] === 'history' ? where : 'pkg.ep';
      return {
        family: FAMILY,
        command: args.slice(0, 2).join(' '),
        expect: 'error',
        files: { 'pkg.ep': basePackage(context), '.edsl/context.json': pointer(paths, write), ...files },
        args,
      };
    },
  },
  {
    name: 'read cache: a device or FIFO where a cache entry belongs',
    build: (context) => {
      const bytes = basePackage(context);
      const planted: CaseFile = context.random.pick<CaseFile>([null, { link: '/dev/zero' }, { link: '/dev/urandom' }]);
      // The cache is only a copy: an entry that cannot be read is read again from the package.
      return {
        family: FAMILY,
        command: 'context search',
        expect: 'ok',
        files: { 'pkg.ep': bytes },
        placed: (cwd) => ({
          [path.relative(cwd, sidecarPath(path.join(cwd, '.ep-home/cache/context-packages'), path.join(cwd, 'pkg.ep')))]: planted,
        }),
        args: ['context', 'search', '--path', 'pkg.ep', '--query', 'first'],
      };
    },
  },
  {
    name: 'files named from outside: devices and FIFOs',
    build: (context) => {
      const { random } = context;
      const site = random.pick(['records', 'answers', 'config', 'session log', 'session meta', 'plugin']);
      const { where, files } = notAFile(context, site === 'config' ? '.edsl/ep.json' : site.startsWith('session') ? 'unused' : 'named');
      const session = {
        '.ep-home/sessions/s1/meta.json': JSON.stringify({
          id: 's1',
          turns: 0,
          updatedAt: '2026-01-01T00:00:00Z',
          createdAt: '2026-01-01T00:00:00Z',
          nodeCount: 0,
          head: null,
          source: 'api',
        }),
      };
      const cases: Record<string, () => CliCase> = {
        records: () => ({
          family: FAMILY,
          command: 'scenarios create',
          expect: 'error',
          files,
          args: ['scenarios', 'create', '--from-json', where, '--output', 'out.ep'],
        }),
        answers: () => ({
          family: FAMILY,
          command: 'run',
          expect: 'error',
          files: { ...files, 'agent.mjs': AGENT },
          args: ['run', './agent.mjs#note', '--input', '{}', '--answers', where],
        }),
        config: () => ({
          family: FAMILY,
          command: 'plugins list',
          expect: 'error',
          files: where.startsWith('/') ? { '.edsl/ep.json': { link: where } } : files,
          args: ['plugins', 'list'],
        }),
        'session log': () => ({
          family: FAMILY,
          command: 'session show',
          expect: 'error',
          files: { ...session, '.ep-home/sessions/s1/history/nodes.jsonl': { link: random.pick(['/dev/zero', '/dev/urandom']) } },
          args: ['session', 'show', 's1'],
        }),
        'session meta': () => ({
          family: FAMILY,
          command: 'session show',
          expect: 'error',
          files: { '.ep-home/sessions/s1/meta.json': random.pick<CaseFile>([null, { link: '/dev/zero' }]) },
          args: ['session', 'show', 's1'],
        }),
        plugin: () => ({
          family: FAMILY,
          command: 'plugins list',
          expect: 'error',
          files,
          args: ['plugins', 'list', '--plugin', where.startsWith('/') ? where : `./${where}`],
        }),
      };
      return cases[site]!();
    },
  },
  {
    name: 'pointer: one package named many times',
    build: (context) => {
      const times = context.random.pick([2, 100, 20_000]);
      const spellings = ['pkg.ep', './pkg.ep', 'sub/../pkg.ep'];
      const paths = Array.from({ length: times }, (_, i) => spellings[i % spellings.length]!);
      const args = context.random.pick(READS);
      return {
        family: 'wrong types',
        command: args.slice(0, 2).join(' '),
        expect: 'ok',
        files: { 'pkg.ep': basePackage(context), 'sub/x': 'x', '.edsl/context.json': pointer(paths, 'pkg.ep') },
        args,
      };
    },
  },
  {
    name: 'pointer and --path: more packages than one read may combine',
    build: (context) => {
      const count = context.random.pick([65, 500, 20_000]);
      const paths = Array.from({ length: count }, (_, i) => `p${i}.ep`);
      const args = context.random.pick(READS);
      return context.random.next() < 0.5
        ? {
            family: 'huge values',
            command: args.slice(0, 2).join(' '),
            expect: 'error',
            files: { '.edsl/context.json': pointer(paths) },
            args,
          }
        : {
            family: 'huge values',
            command: args.slice(0, 2).join(' '),
            expect: 'error',
            args: [...args, ...paths.slice(0, 200).flatMap((p) => ['--path', p])],
          };
    },
  },
  {
    name: 'errors that could show a file: links to a secret',
    build: (context) => {
      const { marker, text } = secretText(context);
      const site = context.random.pick(['config', 'pointer', 'json', 'answers', 'records', 'session meta']);
      const files: Record<string, CaseFile> = { 'secret.txt': text };
      const link = (name: string) => ({ ...files, [name]: { link: `${'../'.repeat(name.split('/').length - 1)}secret.txt` } });
      const cases: Record<string, () => CliCase> = {
        config: () => ({
          family: 'malformed JSON',
          command: 'plugins list',
          expect: 'error',
          files: link('.edsl/ep.json'),
          args: ['plugins', 'list'],
        }),
        pointer: () => ({
          family: 'malformed JSON',
          command: 'context current',
          expect: 'error',
          files: link('.edsl/context.json'),
          args: ['context', 'current'],
        }),
        json: () => ({
          family: 'malformed JSON',
          command: 'tools call',
          expect: 'error',
          files: link('input.json'),
          args: ['tools', 'call', 'builtin/get-context-budget', '--json', '@input.json'],
        }),
        answers: () => ({
          family: 'malformed JSON',
          command: 'run',
          expect: 'error',
          files: { ...link('answers.json'), 'agent.mjs': AGENT },
          args: ['run', './agent.mjs#note', '--input', '{}', '--answers', 'answers.json'],
        }),
        records: () => ({
          family: 'malformed JSON',
          command: 'scenarios create',
          expect: 'error',
          files: link('records.json'),
          args: ['scenarios', 'create', '--from-json', 'records.json', '--output', 'out.ep'],
        }),
        'session meta': () => ({
          family: 'malformed JSON',
          command: 'session show',
          expect: 'error',
          files: link('.ep-home/sessions/s1/meta.json'),
          args: ['session', 'show', 's1'],
        }),
      };
      return { ...cases[site]!(), secret: marker };
    },
  },
];
