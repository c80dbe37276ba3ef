import { stat } from 'node:fs/promises';
import { EpError, ExitCode } from '../../kernel/errors.js';
import { Limits } from '../../limits/limits.js';
import { isRecordList, type RecordList } from '../../records/record-list.js';
import { ScenarioList } from '../../records/scenario-list.js';
import { assertScenario } from '../../records/scenario.js';
import { unreadableOf } from '../../records/unreadable-record.js';
import { commitWithFastImport } from '../git/fast-import.js';
import { blobId } from '../git/git-objects.js';
import { RepoDir } from '../git/repo-dir.js';
import { pythonJsonDumps } from '../json/python-json-writer.js';
import { writeZip, type ZipInput } from '../zip/zip-writer.js';
import { DEFAULT_ZIP_LIMITS } from '../zip/zip-reader.js';
import { removeStaleTempFiles, writeFileAtomic } from '../../util/atomic-write.js';
import { sha256Hex } from '../../util/lazy-crypto.js';
import { DEFAULT_SAVE_MESSAGE, type PackageChange, type SaveOptions, type SaveResult } from '../package-store-contract.js';
import { buildManifest } from './manifest.js';
import { jsonFileTooLarge } from './package-json-files.js';
import { OpenPackage, type PackageReadOptions, type PackageSnapshot } from './open-package.js';
import { withPackageLock, type LockOptions } from './package-lock.js';
import { assignScenarioIds } from './scenario-ids.js';

export interface WriteOptions {
  readonly message?: string;
  readonly limits?: PackageReadOptions;
  /**
   * Store the record files uncompressed instead of DEFLATE. Every zip reader (EDSL's included) reads them;
   * the archive grows (about 1.3 times for 100,000 records) and large packages load faster.
   */
  readonly storeRecordsUncompressed?: boolean;
  readonly lock?: LockOptions;
  readonly onSaved?: SaveOptions['onSaved'];
}

const MANAGED = /^(manifest\.json|codebook\.json|scenarios\/\d+\.json)$/;
const SCENARIO_ID = /^scenarios\/(\d+)\.json$/;

/**
 * Applies `change` to the package's latest commit and saves the result as one new commit: under the
 * package's lock, re-reading the file first, so concurrent writers each build on the other's work. The new
 * archive replaces the old one atomically (the target's, when `file` is a symbolic link). Nothing changed →
 * `unchanged`, and the file is left alone. The commit goes where HEAD is: on HEAD's branch, or, when HEAD is
 * detached (EDSL's `git.checkout(sha)`), on top of HEAD's commit with HEAD moved to it and no branch
 * touched, exactly as EDSL's own save commits there.
 */
export async function updatePackage(
  file: string,
  change: PackageChange,
  options: WriteOptions = {},
): Promise<SaveResult & { list: RecordList }> {
  const message = options.message ?? DEFAULT_SAVE_MESSAGE;
  const limits = options.limits ?? DEFAULT_ZIP_LIMITS;
  return withPackageLock(
    file,
    async (target) => {
      const opened = await openIfPresent(target, limits);
      let ownRepo: RepoDir | undefined;
      try {
        const snapshot = opened ? await opened.snapshot('HEAD') : undefined;
        if (opened && !snapshot?.commit) {
          throw new EpError('INVALID_PACKAGE', `${file} cannot be saved over: its HEAD commit is unreadable.`, {
            exitCode: ExitCode.validation,
            details: { path: file },
          });
        }
        const list = await change(snapshot?.list ?? new ScenarioList());
        if (!isRecordList(list)) {
          throw new EpError('INVALID_RECORD', `The change to ${file} must return a list of records (a ScenarioList).`, {
            exitCode: ExitCode.validation,
            details: { path: file },
          });
        }
        [...list].forEach((record, i) => assertScenario(record, `Record ${i} of ${file}`));
        const plan = planFiles(list, snapshot, file);
        const detached = opened?.gitDir.detachedHead() !== undefined;
        const branch = detached ? null : (opened?.gitDir.headRef()?.match(/^refs\/heads\/(.+)$/)?.[1] ?? 'main');
        const ref = branch === null ? 'HEAD' : `refs/heads/${branch}`;
        if (snapshot?.commit && plan.changed.length === 0 && plan.deleted.length === 0) {
          return { status: 'unchanged' as const, path: file, commit: snapshot.commit, branch, message, list };
        }
        const repo = opened ? await opened.repo() : (ownRepo = await RepoDir.init());
        await commitWithFastImport(repo, {
          ref,
          parent: snapshot?.commit,
          message,
          when: new Date(),
          deleted: plan.deleted,
          changed: plan.changed.map((path) => [path, plan.managed.get(path)!] as const),
          flatDirectories: scenarioDirectory(plan.files),
        });
        const commit = (await repo.looseRef(ref)) ?? (await repo.refValue(ref));
        if (!commit || commit === snapshot?.commit)
          throw new EpError('GIT_FAILED', `The commit to ${file} did not update ${ref}.`, { details: { path: file, ref } });
        await repo.git.run(['read-tree', commit]);
        const gitFiles = await tidyObjects(repo);
        await removeStaleTempFiles(target);
        const bytes = await archive(repo, plan, opened, options.storeRecordsUncompressed === true, gitFiles);
        await writeFileAtomic(target, bytes, 0o600);
        if (options.onSaved) {
          await options.onSaved({ list, digest: sha256Hex(bytes) }).catch(() => undefined);
        }
        return { status: 'ok' as const, path: file, commit, branch, message, list };
      } finally {
        await opened?.close();
        await ownRepo?.dispose();
      }
    },
    options.lock,
  );
}

export interface FilePlan {
  /** Every file of the new tree: path → blob id. */
  readonly files: Map<string, string>;
  /** New bytes of the files `ep` manages (manifest, scenarios, codebook). */
  readonly managed: Map<string, Buffer>;
  readonly changed: string[];
  readonly deleted: string[];
}

/** What a save builds on: the previous commit's files and the stored text of each scenario id (for stable ids). */
export type PlanBase = Pick<PackageSnapshot, 'files' | 'storedJson'> & { readonly manifest?: PackageSnapshot['manifest'] };

export function planFiles(list: RecordList, snapshot: PlanBase | undefined, file: string): FilePlan {
  // A stored record that cannot be read is written back exactly as it was stored.
  const texts = [...list].map((record) => unreadableOf(record)?.storedText ?? pythonJsonDumps(record));
  const ids = assignScenarioIds(texts, snapshot?.storedJson ?? new Map());
  const managed = new Map<string, Buffer>();
  ids.forEach((id, i) => managed.set(`scenarios/${id}.json`, Buffer.from(texts[i]!, 'utf8')));
  managed.set('manifest.json', Buffer.from(pythonJsonDumps(buildManifest(ids, snapshot?.manifest)), 'utf8'));
  if (list.codebook && Object.keys(list.codebook).length) managed.set('codebook.json', Buffer.from(pythonJsonDumps(list.codebook), 'utf8'));
  const previous = snapshot?.files ?? new Map<string, string>();
  const files = new Map<string, string>();
  for (const [path, id] of previous) if (!MANAGED.test(path)) files.set(path, id);
  const changed: string[] = [];
  const reused = new Set(ids.filter((id, i) => snapshot?.storedJson.get(id) === texts[i]));
  for (const [path, bytes] of managed) {
    // What could not be read back is never written.
    if (bytes.length > Limits.packageJsonFileBytes) throw jsonFileTooLarge(file, path, bytes.length);
    // A reused id holds exactly its stored text, so its blob is the one already committed.
    const scenarioId = SCENARIO_ID.exec(path)?.[1];
    const known = scenarioId !== undefined && reused.has(scenarioId) ? previous.get(path) : undefined;
    const id = known ?? blobId(bytes);
    files.set(path, id);
    if (previous.get(path) !== id) changed.push(path);
  }
  const deleted = [...previous.keys()].filter((path) => MANAGED.test(path) && !managed.has(path));
  return { files, managed, changed, deleted };
}

/** The stored text of each scenario id a plan writes: what the next save on top of it reuses ids from. */
export function storedJsonOf(plan: FilePlan): Map<string, string> {
  const stored = new Map<string, string>();
  for (const [path, bytes] of plan.managed) {
    const id = SCENARIO_ID.exec(path)?.[1];
    if (id !== undefined) stored.set(id, bytes.toString('utf8'));
  }
  return stored;
}

/** `scenarios/` as one flat directory to commit wholesale, unless something unusual (a subdirectory) is in it. */
export function scenarioDirectory(files: ReadonlyMap<string, string>): Map<string, Map<string, string>> | undefined {
  const entries = new Map<string, string>();
  for (const [path, id] of files) {
    if (!path.startsWith('scenarios/')) continue;
    const name = path.slice('scenarios/'.length);
    if (name.includes('/')) return undefined;
    entries.set(name, id);
  }
  return new Map([['scenarios', entries]]);
}

/** Keeps the object store small: many loose objects or packs are consolidated (in the foreground). */
export async function tidyObjects(repo: RepoDir): Promise<string[]> {
  const names = await repo.gitFiles();
  const loose = names.filter((name) => /^\.git\/objects\/[0-9a-f]{2}\//.test(name)).length;
  const packs = names.filter((name) => name.endsWith('.pack')).length;
  if (loose <= 2000 && packs <= 30) return names;
  await repo.git.run(['repack', '-a', '-d', '-q']);
  await repo.git.run(['prune-packed']);
  return repo.gitFiles();
}

export async function archive(
  repo: RepoDir,
  plan: FilePlan,
  opened: OpenPackage | undefined,
  storeRecords = false,
  gitFiles?: string[],
): Promise<Buffer> {
  const inputs: ZipInput[] = [];
  const previousWorktree = opened?.worktree();
  const fromGit: Array<readonly [string, string]> = [];
  for (const [path, id] of plan.files) {
    // An unchanged file is copied as it is, unless its checksum is wrong: then it is compressed afresh.
    const member = previousWorktree?.get(path) === id && opened!.checksumMatches(path) ? opened!.directory.member(path) : undefined;
    if (member) inputs.push({ name: path, reuse: member });
    else if (plan.managed.has(path))
      inputs.push({ name: path, data: plan.managed.get(path)!, store: storeRecords && path.startsWith('scenarios/') });
    else fromGit.push([path, id]);
  }
  if (fromGit.length) {
    const bytes = opened ? await opened.blobs(fromGit) : await readBlobs(repo, fromGit);
    fromGit.forEach(([path], i) => inputs.push({ name: path, data: bytes[i]! }));
  }
  for (const name of gitFiles ?? (await repo.gitFiles())) {
    const member = opened?.directory.member(name);
    // Objects and packs are named by their content: an unchanged name is unchanged bytes.
    const isObject = name.startsWith('.git/objects/') && !name.endsWith('/packs');
    if (member && isObject) inputs.push({ name, reuse: member });
    // Objects and packs are zlib data already: stored as is, they are cheap to write and to read back.
    else inputs.push({ name, data: await repo.readGitFile(name), store: isObject });
  }
  return writeZip(inputs);
}

async function readBlobs(repo: RepoDir, entries: ReadonlyArray<readonly [string, string]>): Promise<Buffer[]> {
  const objects = await repo.reader().read(entries.map(([, id]) => id));
  return objects.map((object, i) => {
    if (!object)
      throw new EpError('INVALID_PACKAGE', `Object ${entries[i]![1]} (${entries[i]![0]}) is missing.`, {
        exitCode: ExitCode.validation,
        details: { file: entries[i]![0] },
      });
    return object.content;
  });
}

async function openIfPresent(file: string, limits: PackageReadOptions): Promise<OpenPackage | undefined> {
  try {
    await stat(file);
  } catch {
    return undefined;
  }
  return OpenPackage.open(file, limits);
}
