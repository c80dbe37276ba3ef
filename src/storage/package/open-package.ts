import { crc32 } from 'node:zlib';
import { EpError, ExitCode } from '../../kernel/errors.js';
import { PACKAGE_FILE, withCheckedFile } from '../../limits/checked-file.js';
import { Limits } from '../../limits/limits.js';
import { isJsonObject, type JsonObject } from '../../records/json.js';
import { ScenarioList } from '../../records/scenario-list.js';
import type { Codebook, Scenario } from '../../records/scenario.js';
import type { BatchObjectReader } from '../git/batch-object-reader.js';
import { GitDirReader } from '../git/git-dir-reader.js';
import { blobId, parseCommit, parseTree, treeIdOf } from '../git/git-objects.js';
import { RepoDir } from '../git/repo-dir.js';
import { parseJsonPreservingNumbers } from '../json/record-json-parser.js';
import { inflateFramed } from '../zip/framed-inflate.js';
import { DEFAULT_ZIP_LIMITS, inflateMember, readZip, type ZipLimits, type ZipMember } from '../zip/zip-reader.js';
import { readManifest } from './manifest.js';
import { assertJsonMemberSizes, assertNotTooDeep, jsonFileReadOptions, unreadableIfTooDeep } from './package-json-files.js';

/** How packages are read: the unpacking limits, and whether a second thread may help inflate. */
export interface PackageReadOptions extends ZipLimits {
  /** Inflate large packages on two threads (default: when there are enough records and cores). */
  readonly parallelInflate?: boolean;
}

/** A package's state at one commit. */
export interface PackageSnapshot {
  /** The commit read; undefined only when HEAD's objects were unreadable and the worktree was used. */
  readonly commit: string | undefined;
  /** Every file of the commit's tree: path → blob id. */
  readonly files: ReadonlyMap<string, string>;
  readonly manifest: JsonObject;
  readonly scenarioOrder: readonly string[];
  /** Stored JSON of each scenario id, for stable ids on the next save. */
  readonly storedJson: ReadonlyMap<string, string>;
  readonly list: ScenarioList;
  /** `worktree`: parsed from the archive's files after proving they equal the commit; `objects`: from git. */
  readonly source: 'worktree' | 'objects';
  readonly warnings: readonly string[];
}

const SCENARIO_FILE = /^scenarios\/(\d+)\.json$/;
const SAFE_REF = /^(?!-)[\w./@{}^~+-]+$/;

/**
 * An opened `.ep` archive. Reads at HEAD come straight from the archive when its files provably equal
 * HEAD's tree (the ids are recomputed and compared; no git run at all). Other reads unpack `.git` once
 * (see RepoDir) and use one batched object reader for everything.
 */
export class OpenPackage {
  private readonly inflated = new Map<string, Buffer>();
  private worktreeBlobIds: Map<string, string> | undefined;
  private repoDir: RepoDir | undefined;
  readonly gitDir: GitDirReader;

  private constructor(readonly path: string, readonly bytes: Buffer, readonly members: ReadonlyMap<string, ZipMember>,
    private readonly parallelInflate: boolean | undefined) {
    this.gitDir = new GitDirReader((name) => this.content(name), () => [...this.members.keys()]);
  }

  static async open(file: string, options: PackageReadOptions = DEFAULT_ZIP_LIMITS): Promise<OpenPackage> {
    let bytes: Buffer;
    try {
      bytes = await readShared(file, Math.max(options.maxTotalBytes, Limits.packageBytes));
    } catch (error) {
      if (error instanceof EpError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') {
        throw new EpError('FILE_NOT_FOUND', `No package at ${file}.`, { exitCode: ExitCode.notFound, details: { path: file } });
      }
      throw new EpError('INVALID_PACKAGE', `${file} cannot be read: ${(error as Error).message}.`, { exitCode: ExitCode.validation, details: { path: file }, cause: error });
    }
    const members = new Map(readZip(bytes, file, options).map((member) => [member.name, member]));
    return new OpenPackage(file, bytes, members, options.parallelInflate);
  }

  /** A member's bytes (inflated once), or undefined when absent. */
  content(name: string): Buffer | undefined {
    let data = this.inflated.get(name);
    if (data) return data;
    const member = this.members.get(name);
    if (!member) return undefined;
    data = inflateMember(member, this.path);
    this.inflated.set(name, data);
    return data;
  }

  /** Blob ids of the working-tree files (everything outside `.git/`). */
  worktree(): ReadonlyMap<string, string> {
    if (!this.worktreeBlobIds) {
      const names = [...this.members.keys()].filter((name) => !name.startsWith('.git/'));
      assertJsonMemberSizes(names.map((name) => this.members.get(name)!), this.path);
      const ids = this.inflateAll(names);
      this.worktreeBlobIds = new Map(names.map((name) => [name, ids.get(name) ?? blobId(this.content(name)!)]));
    }
    return this.worktreeBlobIds;
  }

  /**
   * Inflates every pending member at once (see inflateFramed): one allocation for 100,000 small files, and
   * each file's blob id from the same pass. Returns the blob ids it computed.
   */
  private inflateAll(names: readonly string[]): Map<string, string> {
    const pending = names.filter((name) => !this.inflated.has(name)).map((name) => this.members.get(name)!);
    const { data, ids } = inflateFramed(this.bytes, pending, this.path, this.parallelInflate === undefined ? {} : { parallel: this.parallelInflate });
    const computed = new Map<string, string>();
    pending.forEach((member, i) => {
      this.inflated.set(member.name, data[i]!);
      computed.set(member.name, ids[i]!);
    });
    return computed;
  }

  /**
   * Whether a member's bytes match the archive's CRC-32. The inflate that proves a worktree leaves checksums
   * to the blob ids; bytes used without that proof, and members copied into a new archive as they are,
   * are checked here.
   */
  checksumMatches(name: string): boolean {
    const member = this.members.get(name);
    const data = this.content(name);
    return member !== undefined && data !== undefined && crc32(data) === member.crc;
  }

  /** The unpacked repository (made on first use, removed by close). */
  async repo(): Promise<RepoDir> {
    if (!this.repoDir) {
      const files = new Map<string, () => Uint8Array>();
      for (const name of this.members.keys()) if (name.startsWith('.git/')) files.set(name, () => this.content(name)!);
      this.repoDir = await RepoDir.extract(files, this.path);
    }
    return this.repoDir;
  }

  /** True when the archive's files are exactly the tree of `ref`'s commit (checked by object ids). */
  worktreeMatches(ref: string): boolean {
    const commitId = this.gitDir.resolve(ref);
    if (!commitId) return false;
    const commit = this.gitDir.commit(commitId);
    if (!commit) return false;
    this.worktreeTreeId ??= treeIdOf(this.worktree());
    return this.worktreeTreeId === commit.tree;
  }

  private worktreeTreeId: string | undefined;

  async snapshot(ref = 'HEAD'): Promise<PackageSnapshot> {
    if (!SAFE_REF.test(ref)) {
      throw new EpError('INVALID_REF', `"${ref}" is not a valid git ref.`, { exitCode: ExitCode.usage, details: { path: this.path, ref } });
    }
    const head = this.gitDir.resolve('HEAD');
    if (head && this.gitDir.resolve(ref) === head && this.worktreeMatches('HEAD')) {
      return this.build(head, this.worktree(), 'worktree', []);
    }
    const reader = (await this.repo()).reader();
    const commitObject = await reader.readOne(`${ref}^{commit}`);
    let files: Map<string, string> | undefined;
    if (commitObject) files = await this.listTree(reader, parseCommit(commitObject.content).tree);
    if (!commitObject || !files) {
      // EDSL zips while git may still be tidying up; at HEAD its worktree always equals the last save.
      if (ref === 'HEAD' && this.members.has('manifest.json')) {
        const corrupt = [...this.worktree().keys()].find((name) => !this.checksumMatches(name));
        if (corrupt) {
          throw new EpError('INVALID_PACKAGE', `${this.path} is not a valid package: member "${corrupt}" is corrupt (CRC mismatch).`,
            { exitCode: ExitCode.validation, details: { path: this.path, member: corrupt } });
        }
        return this.build(commitObject?.id, this.worktree(), 'worktree', [`HEAD's objects are incomplete in ${this.path}; read the working tree instead.`]);
      }
      if (!commitObject) {
        throw new EpError('REF_NOT_FOUND', `${this.path} has no commit, branch or tag "${ref}".`, { exitCode: ExitCode.notFound, details: { path: this.path, ref } });
      }
      throw new EpError('INVALID_PACKAGE', `${this.path} is not a valid package: the tree of ${ref} is incomplete.`, { exitCode: ExitCode.validation, details: { path: this.path, ref } });
    }
    return this.build(commitObject.id, files, 'objects', [], reader);
  }

  /** Bytes of a file of a snapshot: from the archive when the ids match, else from git objects (`jsonFiles`: bounded as such). */
  async blobs(entries: ReadonlyArray<readonly [path: string, id: string]>, reader?: BatchObjectReader, jsonFiles = false): Promise<Buffer[]> {
    const worktree = this.worktree();
    const out: Array<Buffer | undefined> = entries.map(([path, id]) => (worktree.get(path) === id ? this.content(path) : undefined));
    const needed = out.map((data, i) => (data ? -1 : i)).filter((i) => i >= 0);
    if (needed.length) {
      const options = jsonFiles ? jsonFileReadOptions(this.path, (id) => entries.find((entry) => entry[1] === id)?.[0] ?? id) : {};
      const objects = await (reader ?? (await this.repo()).reader()).read(needed.map((i) => entries[i]![1]), options);
      objects.forEach((object, k) => {
        const [path, id] = entries[needed[k]!]!;
        if (!object) {
          throw new EpError('INVALID_PACKAGE', `${this.path} is not a valid package: object ${id} (${path}) is missing.`, {
            exitCode: ExitCode.validation, details: { path: this.path, file: path, object: id },
          });
        }
        out[needed[k]!] = object.content;
      });
    }
    return out as Buffer[];
  }

  private async listTree(reader: BatchObjectReader, root: string): Promise<Map<string, string> | undefined> {
    const files = new Map<string, string>();
    let level = [{ prefix: '', id: root }];
    while (level.length) {
      const objects = await reader.read(level.map((dir) => dir.id));
      const next: typeof level = [];
      for (let i = 0; i < level.length; i += 1) {
        const object = objects[i];
        if (!object || object.type !== 'tree') return undefined;
        for (const entry of parseTree(object.content)) {
          if (entry.mode === '40000') next.push({ prefix: `${level[i]!.prefix}${entry.name}/`, id: entry.id });
          else if (entry.mode.startsWith('100')) files.set(`${level[i]!.prefix}${entry.name}`, entry.id);
        }
      }
      level = next;
    }
    return files;
  }

  private async build(commit: string | undefined, files: ReadonlyMap<string, string>, source: PackageSnapshot['source'],
    warnings: string[], reader?: BatchObjectReader): Promise<PackageSnapshot> {
    const manifestId = files.get('manifest.json');
    if (!manifestId) {
      throw new EpError('INVALID_PACKAGE', `${this.path} is not a valid package: manifest.json is missing.`, { exitCode: ExitCode.validation, details: { path: this.path } });
    }
    const scenarioIds = new Set<string>();
    for (const file of files.keys()) {
      const match = SCENARIO_FILE.exec(file);
      if (match) scenarioIds.add(match[1]!);
    }
    const [manifestBytes] = await this.blobs([['manifest.json', manifestId]], reader, true);
    const manifest = readManifest(this.parse(manifestBytes!, 'manifest.json'), this.path, scenarioIds);
    const listed = new Set(manifest.scenarioOrder);
    const extra = [...scenarioIds].filter((id) => !listed.has(id));
    if (extra.length) warnings.push(`${this.path} has ${extra.length} scenario file(s) not listed in its manifest; they were ignored.`);
    const entries = manifest.scenarioOrder.map((id) => [`scenarios/${id}.json`, files.get(`scenarios/${id}.json`)!] as const);
    const codebookId = files.get('codebook.json');
    const contents = await this.blobs(codebookId ? [...entries, ['codebook.json', codebookId] as const] : entries, reader, true);
    const storedJson = new Map<string, string>();
    const records: Scenario[] = manifest.scenarioOrder.map((id, i) => {
      const text = contents[i]!.toString('utf8');
      storedJson.set(id, text);
      const file = `scenarios/${id}.json`;
      const record = unreadableIfTooDeep(this.path, file, text, warnings) ?? this.parse(contents[i]!, file, text, true);
      if (!isJsonObject(record)) {
        throw new EpError('INVALID_PACKAGE', `${this.path} is not a valid package: scenarios/${id}.json is not a JSON object.`, { exitCode: ExitCode.validation, details: { path: this.path, file: `scenarios/${id}.json` } });
      }
      return record;
    });
    let codebook: Codebook | undefined;
    if (codebookId) {
      const value = this.parse(contents[contents.length - 1]!, 'codebook.json');
      if (isJsonObject(value)) codebook = Object.fromEntries(Object.entries(value).map(([field, text]) => [field, typeof text === 'string' ? text : JSON.stringify(text)]));
    }
    return { commit, files, manifest: manifest.raw, scenarioOrder: manifest.scenarioOrder, storedJson, list: new ScenarioList(records, codebook), source, warnings };
  }

  private parse(bytes: Buffer, file: string, text = bytes.toString('utf8'), depthChecked = false) {
    if (!depthChecked) assertNotTooDeep(this.path, file, text);
    try {
      return parseJsonPreservingNumbers(text);
    } catch (error) {
      throw new EpError('INVALID_PACKAGE', `${this.path} is not a valid package: ${file} is not valid JSON (${(error as Error).message}).`, {
        exitCode: ExitCode.validation, details: { path: this.path, file }, cause: error,
      });
    }
  }

  async close(): Promise<void> {
    const repo = this.repoDir;
    this.repoDir = undefined;
    await repo?.dispose();
  }
}

/** One read call at most this long: Node's file reads take a 32-bit length. */
const READ_PIECE_BYTES = 1 << 30;

/**
 * A package file's bytes in shared memory, so a worker can inflate from them without a copy. Opened through
 * the checked reader: a FIFO or device named as a package is INVALID_PACKAGE before anything reads it, and
 * an archive larger than what a package may unpack to is refused before anything is allocated.
 */
async function readShared(file: string, maxBytes: number): Promise<Buffer> {
  return withCheckedFile(file, { ...PACKAGE_FILE, maxBytes }, async (handle, size) => {
    const bytes = Buffer.from(new SharedArrayBuffer(size));
    let offset = 0;
    while (offset < size) {
      const { bytesRead } = await handle.read(bytes, offset, Math.min(size - offset, READ_PIECE_BYTES), offset);
      if (bytesRead === 0) break;
      offset += bytesRead;
    }
    return offset === size ? bytes : bytes.subarray(0, offset);
  });
}
