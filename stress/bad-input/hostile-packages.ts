import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SeededRandom } from '../support/random.js';
import { commitBombAt, largeRecordBlob, packedBlobBomb, type RepoEdit } from './bomb-packages.js';
import { buildZip, zerosPayload, type RawMember } from './zip-builder.js';

/** JSON as EDSL writes it (sorted keys, two-space indent, trailing newline), for plain ASCII records. */
export function pythonJson(value: unknown): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sort)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
          )
        : v;
  return `${JSON.stringify(sort(value), null, 2)}\n`;
}

export function manifestFor(ids: readonly string[]): string {
  return pythonJson({
    edsl_class_name: 'ScenarioList',
    edsl_version: '1.0.8.dev1',
    format: 'edsl.scenario_list.git_package',
    format_version: 1,
    n_scenarios: ids.length,
    object_type: 'ScenarioList',
    scenario_order: ids,
  });
}

const BASE_RECORDS = [
  { key: 'note.alpha', summary: 'first' },
  { key: 'note.beta', summary: 'second' },
];

/** The files of a valid package with these records (manifest and `scenarios/NNNNNN.json`). */
export function packageFiles(records: readonly unknown[] = BASE_RECORDS): Record<string, string | Buffer> {
  const ids = records.map((_, i) => String(i + 1).padStart(6, '0'));
  return {
    'manifest.json': manifestFor(ids),
    ...Object.fromEntries(records.map((record, i) => [`scenarios/${ids[i]}.json`, Buffer.isBuffer(record) ? record : pythonJson(record)])),
  };
}

/**
 * The members of a package holding `files`, with a real `.git` and one commit, made with git in `dir`
 * (hooks left out, as EDSL leaves them out). The files are committed, so readers see them at HEAD; `edit`
 * may then change the repository before it is zipped.
 */
export function gitPackageMembers(
  dir: string,
  env: Record<string, string>,
  files: Record<string, string | Buffer> = packageFiles(),
  edit?: RepoEdit,
): RawMember[] {
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  const git = (args: readonly string[], input?: string) =>
    execFileSync('git', ['-c', 'core.hooksPath=/dev/null', ...args], {
      cwd: dir,
      env: {
        ...env,
        GIT_AUTHOR_NAME: 'EDSL',
        GIT_AUTHOR_EMAIL: 'edsl@example.invalid',
        GIT_COMMITTER_NAME: 'EDSL',
        GIT_COMMITTER_EMAIL: 'edsl@example.invalid',
        GIT_CONFIG_NOSYSTEM: '1',
      },
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      ...(input === undefined ? {} : { input }),
    });
  git(['init', '-q', '-b', 'main']);
  git(['add', '-A']);
  git(['commit', '-q', '-m', 'Save ScenarioList']);
  edit?.(dir, git);
  const members: RawMember[] = [];
  const walk = (relative: string) => {
    for (const name of readdirSync(path.join(dir, relative))) {
      const child = relative ? `${relative}/${name}` : name;
      if (child === '.git/hooks') continue;
      if (statSync(path.join(dir, child)).isDirectory()) walk(child);
      else members.push({ name: child, data: readFileSync(path.join(dir, child)) });
    }
  };
  walk('');
  return members.sort((a, b) => (a.name < b.name ? -1 : 1));
}

export interface HostilePackage {
  readonly kind: string;
  readonly bytes: Buffer;
  /** Whether the package is still a valid one (only its git settings are hostile), or must be refused. */
  readonly expect: 'error' | 'any';
}

export interface HostileContext {
  readonly random: SeededRandom;
  /** A package committed with these files, then changed by `edit` (see gitPackageMembers). */
  repo(files: Record<string, string | Buffer>, edit?: RepoEdit): RawMember[];
  canaryCommand(tag: string): string;
  outside(name: string): string;
}

const text = (value: string) => Buffer.from(value);
const executable = (name: string, script: string): RawMember => ({ name, data: text(`#!/bin/sh\n${script}\n`), mode: 0o100755 });

function withConfig(members: RawMember[], extra: string): RawMember[] {
  return members.map((member) =>
    member.name === '.git/config' ? { ...member, data: Buffer.concat([Buffer.from(member.data), text(`\n${extra}\n`)]) } : member,
  );
}

const GIT_HOOKS = [
  'pre-commit',
  'post-commit',
  'prepare-commit-msg',
  'commit-msg',
  'reference-transaction',
  'post-checkout',
  'post-index-change',
  'pre-auto-gc',
  'post-rewrite',
];

/** Hostile variants of a valid package; every command they carry touches a canary named after the variant. */
export const HOSTILE_PACKAGE_KINDS: readonly string[] = [
  'fsmonitor',
  'hooksPath',
  'hooks',
  'filters',
  'info attributes',
  'pager, editor and ssh',
  'worktree outside',
  'alternates outside',
  'included config',
  'symlink member',
  'traversal member',
  'absolute member',
  'zip bomb',
  'lying sizes',
  'not a zip',
  'truncated',
  'broken manifest',
  'deep record',
  'invalid UTF-8 record',
  'loose commit bomb',
  'packed commit bomb',
  'packed blob bomb',
  'large record blob',
  'local header name',
];

export function hostilePackage(kind: string, base: readonly RawMember[], context: HostileContext): HostilePackage {
  const canary = (tag: string) => context.canaryCommand(`${kind.replace(/\W+/g, '-')}-${tag}`);
  const members = [...base];
  const valid = (list: RawMember[]): HostilePackage => ({ kind, bytes: buildZip(list), expect: 'any' });
  const refused = (list: RawMember[] | Buffer): HostilePackage => ({
    kind,
    bytes: Buffer.isBuffer(list) ? list : buildZip(list),
    expect: 'error',
  });
  switch (kind) {
    case 'fsmonitor':
      return valid(withConfig(members, `[core]\n\tfsmonitor = "${canary('fsmonitor')}"`));
    case 'hooksPath':
      return valid(
        withConfig(
          [...members, ...GIT_HOOKS.map((hook) => executable(`evil-hooks/${hook}`, canary(hook)))],
          '[core]\n\thooksPath = evil-hooks',
        ),
      );
    case 'hooks':
      return valid(
        [...members, ...GIT_HOOKS.map((hook) => executable(`.git/hooks/${hook}`, canary(hook)))].sort((a, b) => (a.name < b.name ? -1 : 1)),
      );
    case 'filters':
      return valid(
        withConfig(
          [...members, { name: '.gitattributes', data: text('* filter=evil diff=evil merge=evil\n') }],
          `[filter "evil"]\n\tclean = "${canary('clean')}"\n\tsmudge = "${canary('smudge')}"\n` +
            `\tprocess = "${canary('process')}"\n\trequired = true\n` +
            `[diff "evil"]\n\ttextconv = "${canary('textconv')}"\n\tcommand = "${canary('diff')}"\n` +
            `[merge "evil"]\n\tdriver = "${canary('merge')}"`,
        ),
      );
    case 'info attributes':
      return valid(
        withConfig(
          [...members, { name: '.git/info/attributes', data: text('* filter=evil\n') }],
          `[filter "evil"]\n\tclean = "${canary('clean')}"\n\tsmudge = "${canary('smudge')}"`,
        ),
      );
    case 'pager, editor and ssh':
      return valid(
        withConfig(
          members,
          `[core]\n\tpager = "${canary('pager')}"\n\teditor = "${canary('editor')}"\n` +
            `\tsshCommand = "${canary('ssh')}"\n\taskPass = "${canary('askpass')}"\n` +
            `[credential]\n\thelper = "!${canary('credential')}"\n[gc]\n\tauto = 1\n[maintenance]\n\tauto = true`,
        ),
      );
    case 'worktree outside':
      return valid(withConfig(members, `[core]\n\tworktree = ${context.outside(`worktree-${context.random.int(0, 1e6)}`)}`));
    case 'alternates outside':
      return valid([...members, { name: '.git/objects/info/alternates', data: text(`${context.outside('alternate-objects')}\n`) }]);
    case 'included config':
      return valid(
        withConfig(
          [...members, { name: 'evil.config', data: text(`[core]\n\tfsmonitor = "${canary('included')}"\n`) }],
          '[include]\n\tpath = ../evil.config',
        ),
      );
    case 'symlink member':
      return refused([
        ...members,
        {
          name: context.random.pick(['scenarios/000003.json', 'manifest.json.link', '.git/config.link']),
          data: text(context.outside('target')),
          mode: 0o120777,
        },
      ]);
    case 'traversal member':
      return refused([
        ...members,
        {
          name: context.random.pick([
            '../../escaped-member',
            'scenarios/../../../escaped',
            '..\\..\\escaped',
            'a/./../../escaped',
            '.git/../../escaped',
          ]),
          data: text(canary('unpacked')),
        },
      ]);
    case 'absolute member':
      return refused([
        ...members,
        { name: context.random.pick([context.outside('absolute-member'), 'C:/escaped', '//server/share']), data: text('x') },
      ]);
    case 'zip bomb': {
      // Each member is 64 MiB of zeros in about 64 KiB; together they stay under the declared-size limit.
      const zeros = zerosPayload();
      const count = context.random.int(4, 30);
      const ids = Array.from({ length: count }, (_, i) => String(i + 1).padStart(6, '0'));
      return refused([
        { name: 'manifest.json', data: text(manifestFor(ids)) },
        ...ids.map((id) => ({
          name: `scenarios/${id}.json`,
          data: Buffer.alloc(0),
          compressed: zeros.compressed,
          crc: zeros.crc,
          declaredSize: zeros.size,
        })),
      ]);
    }
    case 'lying sizes': {
      const zeros = zerosPayload();
      return refused(
        members.map((member) =>
          member.name === 'scenarios/000001.json'
            ? { ...member, compressed: zeros.compressed, crc: zeros.crc, declaredSize: context.random.pick([10, 1000, 70]) }
            : member,
        ),
      );
    }
    case 'not a zip':
      return refused(context.random.pick([text(''), text('PK\u0003\u0004'), text('{"not":"a zip"}'), Buffer.alloc(4096, 0xff)]));
    case 'truncated': {
      const whole = buildZip(members);
      return refused(whole.subarray(0, context.random.int(10, whole.length - 1)));
    }
    case 'broken manifest': {
      const manifest = context.random.pick([
        '{',
        '[]',
        '{"format":"other"}',
        manifestFor(['000001', '000001']),
        manifestFor(['000009']),
        '['.repeat(100_000),
      ]);
      return refused(context.repo({ ...packageFiles(), 'manifest.json': manifest }));
    }
    case 'deep record':
      // Stored records past the depth limit: refusing the package and reading the other records are both fine.
      return valid(
        context.repo(packageFiles([{ key: 'note.ok' }, Buffer.from(`{"key":"deep","v":${'['.repeat(100_000)}${']'.repeat(100_000)}}\n`)])),
      );
    case 'loose commit bomb':
      return refused(context.repo(packageFiles(), commitBombAt('loose')));
    case 'packed commit bomb':
      return refused(context.repo(packageFiles(), commitBombAt('packed')));
    case 'packed blob bomb':
      return refused(context.repo(packageFiles(), packedBlobBomb()));
    case 'large record blob':
      // HEAD's record file is 20 MiB, past the package JSON file size; the archive's own copy is small.
      return refused(context.repo(packageFiles(), largeRecordBlob(20 * 1024 * 1024)));
    case 'local header name':
      return refused(
        members.map((member) => (member.name === 'scenarios/000001.json' ? { ...member, localName: 'scenarios/000009.json' } : member)),
      );
    case 'invalid UTF-8 record':
      return valid(
        context.repo(packageFiles([{ key: 'note.ok' }, Buffer.concat([text('{"key":"note.'), Buffer.from([0xff, 0xfe]), text('"}\n')])])),
      );
    default:
      throw new Error(`unknown hostile package kind ${kind}`);
  }
}
