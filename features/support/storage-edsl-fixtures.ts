import { execa } from 'execa';
import { zipSync, type Zippable } from 'fflate';
import { mkdtemp, mkdir, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Scenario } from '../../src/records/scenario.js';
import { pythonJsonDumps } from '../../src/storage/json/python-json-writer.js';

/**
 * Builds packages the way EDSL does, from the reference's rules, with plain git and an independent zip
 * writer (fflate's): `git init -b main`, commits by `EDSL <edsl@example.invalid>`, Python-form JSON files,
 * and an archive of the regular files of the worktree and `.git/`, sorted, without `.git/hooks/`.
 */
export const GIT_ENV = {
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'EDSL',
  GIT_AUTHOR_EMAIL: 'edsl@example.invalid',
  GIT_COMMITTER_NAME: 'EDSL',
  GIT_COMMITTER_EMAIL: 'edsl@example.invalid',
};

export function git(cwd: string, args: string[]) {
  return execa('git', args, { cwd, env: GIT_ENV });
}

export interface FixtureCommit {
  /** Scenario files as EDSL wrote them (Python's JSON text), or records to write in that form. */
  readonly records: ReadonlyArray<string | Scenario>;
  readonly message: string;
  readonly manifestExtra?: Record<string, unknown>;
}

/** A git working tree with one commit per entry; returns the directory (the caller zips and removes it). */
export async function edslWorktree(commits: readonly FixtureCommit[]): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ep-edsl-fixture-'));
  await git(dir, ['init', '-q', '-b', 'main']);
  let stored = new Map<string, string>();
  for (const commit of commits) {
    const texts = commit.records.map((record) => (typeof record === 'string' ? record : pythonJsonDumps(record)));
    const ids = edslIds(texts, stored);
    await rm(path.join(dir, 'scenarios'), { recursive: true, force: true });
    await mkdir(path.join(dir, 'scenarios'));
    for (const [i, id] of ids.entries()) await writeFile(path.join(dir, 'scenarios', `${id}.json`), texts[i]!);
    await writeFile(
      path.join(dir, 'manifest.json'),
      pythonJsonDumps({
        edsl_class_name: 'ScenarioList',
        edsl_version: '1.0.8.dev1',
        format: 'edsl.scenario_list.git_package',
        format_version: 1,
        n_scenarios: ids.length,
        object_type: 'ScenarioList',
        scenario_order: ids,
        ...(commit.manifestExtra as object),
      }),
    );
    await git(dir, ['add', '-A']);
    await git(dir, ['commit', '-q', '-m', commit.message]);
    stored = new Map(ids.map((id, i) => [id, texts[i]!]));
  }
  return dir;
}

/** The reference's id rule, written independently of ep's: reuse the first unused equal id, else max + 1. */
function edslIds(texts: string[], stored: Map<string, string>): string[] {
  const used = new Set<string>();
  let max = Math.max(0, ...[...stored.keys()].map(Number));
  return texts.map((text) => {
    const reuse = [...stored.keys()].sort().find((id) => !used.has(id) && stored.get(id) === text);
    const id = reuse ?? String(++max).padStart(6, '0');
    used.add(id);
    return id;
  });
}

/** Zips a worktree as EDSL does; `extra` adds or overrides members (for damaged or hostile fixtures). */
export async function zipWorktree(
  dir: string,
  target: string,
  extra: Zippable = {},
  skip: (name: string) => boolean = () => false,
): Promise<void> {
  const files: Zippable = {};
  const walk = async (current: string): Promise<void> => {
    for (const entry of await readdir(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      const name = path.relative(dir, full).split(path.sep).join('/');
      if (entry.isDirectory()) {
        if (name !== '.git/hooks') await walk(full);
      } else if (entry.isFile() && !/\/tmp_[^/]*$/.test(name) && !skip(name)) {
        files[name] = [await readFile(full), { os: 3, attrs: (0o100644 << 16) >>> 0 }];
      }
    }
  };
  await walk(dir);
  Object.assign(files, extra);
  const sorted: Zippable = {};
  for (const name of Object.keys(files).sort()) sorted[name] = files[name]!;
  await writeFile(target, zipSync(sorted, { level: 6 }));
}

export async function writeEdslPackage(
  target: string,
  commits: readonly FixtureCommit[],
  prepare?: (dir: string) => Promise<void>,
): Promise<void> {
  const dir = await edslWorktree(commits);
  try {
    await prepare?.(dir);
    await zipWorktree(dir, target);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A package EDSL saved from a Survey (not a ScenarioList): one commit, no records. */
export async function writeEdslSurveyPackage(target: string): Promise<void> {
  await writeEdslPackage(target, [
    {
      records: [],
      message: 'Save Survey',
      manifestExtra: { edsl_class_name: 'Survey', object_type: 'Survey', format: 'edsl.survey.git_package' },
    },
  ]);
}

/** Scenario files of the interop commits, exactly as Python's json.dumps(indent=2, sort_keys=True) wrote them. */
export const FIXTURE_FILES: Record<'v1' | 'v2', string[]> = {
  v1: [
    '{\n  "key": "pref.model",\n  "kind": "user_preference",' +
      '\n  "summary": "Prefers low-cost models for pilots.",\n  "tags": [\n    "models",\n    "cost"\n  ],' +
      '\n  "weight": 1.0\n}\n',
    '{\n  "key": "note.caf\\u00e9",\n  "kind": "note",' +
      '\n  "summary": "Caf\\u00e9 study \\u2014 \\ud83d\\ude00 smiles",' +
      '\n  "value": {\n    "nested": [\n      1,\n      2.5,\n      null,\n      3.0\n    ]\n  }\n}\n',
  ],
  v2: [
    '{\n  "key": "pref.model",\n  "kind": "user_preference",' +
      '\n  "summary": "Prefers low-cost models for pilots unless risky.",' +
      '\n  "tags": [\n    "models",\n    "cost"\n  ],\n  "weight": 1.0\n}\n',
    '{\n  "key": "note.caf\\u00e9",\n  "kind": "note",' +
      '\n  "summary": "Caf\\u00e9 study \\u2014 \\ud83d\\ude00 smiles",' +
      '\n  "value": {\n    "nested": [\n      1,\n      2.5,\n      null,\n      3.0\n    ]\n  }\n}\n',
    '{\n  "big": 12345678901234567890,\n  "key": "study.pricing",\n  "kind": "study_note",\n  "n": 120,' +
      '\n  "ratio": 0.25,\n  "scale": 1e+16,\n  "summary": "Conjoint pricing pilot"\n}\n',
  ],
};

/**
 * The interop package as an archive taken while git repacked: objects packed, a half-written temporary
 * pack and an index without its pack beside them, a stale `index.lock`, and no empty directories.
 */
export async function writeMidRepackPackage(target: string, commits: readonly FixtureCommit[]): Promise<void> {
  const dir = await edslWorktree(commits);
  try {
    await git(dir, ['repack', '-a', '-d', '-q']);
    await git(dir, ['prune-packed']);
    await writeFile(path.join(dir, '.git/objects/pack/pack-0123456789abcdef0123456789abcdef01234567.idx'), 'index without its pack');
    await writeFile(path.join(dir, '.git/index.lock'), '');
    await rm(path.join(dir, '.git/refs/tags'), { recursive: true, force: true });
    await rm(path.join(dir, '.git/objects/info'), { recursive: true, force: true });
    await zipWorktree(dir, target, { '.git/objects/pack/tmp_pack_Ab12Cd': new TextEncoder().encode('half-written pack') });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The interop package with HEAD's commit and root tree objects `missing` or `truncated`. */
export async function writeDamagedHeadPackage(target: string, commits: readonly FixtureCommit[], damage: string): Promise<void> {
  await writeEdslPackage(target, commits, async (dir) => {
    const ids = (await git(dir, ['rev-parse', 'HEAD', 'HEAD^{tree}'])).stdout.trim().split('\n');
    for (const id of ids) {
      const object = path.join(dir, '.git/objects', id.slice(0, 2), id.slice(2));
      if (damage === 'missing') await rm(object);
      else await truncate(object, 10);
    }
  });
}
