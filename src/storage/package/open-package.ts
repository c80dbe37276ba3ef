import { availableParallelism } from 'node:os';
import { crc32 } from 'node:zlib';
import { EpError, ExitCode } from '../../kernel/errors.js';
import { Limits } from '../../limits/limits.js';
import type { JsonObject } from '../../records/json.js';
import type { ScenarioList } from '../../records/scenario-list.js';
import type { BatchObjectReader } from '../git/batch-object-reader.js';
import { GitDirReader } from '../git/git-dir-reader.js';
import { blobDigest, parseCommit, treeIdOf, treeIdOfOrdered } from '../git/git-objects.js';
import { listTree } from '../git/list-tree.js';
import { RepoDir } from '../git/repo-dir.js';
import { ArchiveHelper, type PendingDigest } from '../zip/archive-helper.js';
import { inflateFramed } from '../zip/framed-inflate.js';
import type { ZipDirectory } from '../zip/zip-directory.js';
import { DEFAULT_ZIP_LIMITS, inflateMember, readZipDirectory, type ZipLimits } from '../zip/zip-reader.js';
import { buildSnapshot } from './build-snapshot.js';
import { assertJsonMemberSizes, jsonFileReadOptions } from './package-json-files.js';
import { readShared } from './read-shared.js';
import { WorktreeBlobIds } from './worktree-blob-ids.js';
import { sha256Hex } from '../../util/lazy-crypto.js';

/** How packages are read: the unpacking limits, and whether a second thread may help inflate. */
export interface PackageReadOptions extends ZipLimits {
  /** Read with a helper thread (see ArchiveHelper; default: for large archives, when there is a core to spare). */
  readonly parallelInflate?: boolean;
  /** The SHA-256 of the archive's bytes will be asked for (`digest()`): a helper thread may compute it meanwhile. */
  readonly digest?: boolean;
}

/**
 * From this size (some 20,000 records), an archive is read with a helper thread (see ArchiveHelper). Below it,
 * the thread's start and its competition with V8's own background threads for the second core cost more
 * than it saves: a first read of 10,000 records (4.2 MB) took 33 ms longer with one.
 */
const HELPER_MIN_BYTES = 8 * 1024 * 1024;

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
  /** The bytes each record was parsed from, in list order. */
  readonly recordBytes: readonly Buffer[];
  readonly list: ScenarioList;
  /** `worktree`: parsed from the archive's files after proving they equal the commit; `objects`: from git. */
  readonly source: 'worktree' | 'objects';
  readonly warnings: readonly string[];
}

const SAFE_REF = /^(?!-)[\w./@{}^~+-]+$/;

/**
 * An opened `.ep` archive. Reads at HEAD come straight from the archive when its files provably equal
 * HEAD's tree (the ids are recomputed and compared; no git run at all). Other reads unpack `.git` once
 * (see RepoDir) and use one batched object reader for everything.
 */
export class OpenPackage {
  /** Each member's bytes once inflated, by its position in the directory. */
  private readonly inflated: (Buffer | undefined)[] = [];
  private worktreeBlobIds: WorktreeBlobIds | undefined;
  /** The working tree's git tree id: written by worktree() when its inflate gave every id, else by treeIdOf. */
  private worktreeTreeId: string | undefined;
  private repoDir: RepoDir | undefined;
  readonly gitDir: GitDirReader;

  private constructor(
    readonly path: string,
    readonly directory: ZipDirectory,
    private readonly helper: ArchiveHelper | undefined,
    private readonly pendingDigest: PendingDigest | undefined,
  ) {
    this.gitDir = new GitDirReader(
      (name) => this.content(name),
      () => this.directory.names,
    );
  }

  static async open(file: string, options: PackageReadOptions = DEFAULT_ZIP_LIMITS): Promise<OpenPackage> {
    let bytes: Buffer;
    try {
      bytes = readShared(file, Math.max(options.maxTotalBytes, Limits.packageBytes));
    } catch (error) {
      if (error instanceof EpError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') {
        throw new EpError('FILE_NOT_FOUND', `No package at ${file}.`, { exitCode: ExitCode.notFound, details: { path: file } });
      }
      throw new EpError('INVALID_PACKAGE', `${file} cannot be read: ${(error as Error).message}.`, {
        exitCode: ExitCode.validation,
        details: { path: file },
        cause: error,
      });
    }
    const helper = startHelper(bytes, options);
    // Hashed by the helper while the central directory is read here.
    const pendingDigest = options.digest ? helper?.digest(bytes) : undefined;
    try {
      return new OpenPackage(file, readZipDirectory(bytes, file, options), helper, pendingDigest);
    } catch (error) {
      helper?.stop();
      throw error;
    }
  }

  /** The SHA-256 (hex) of the archive's bytes. */
  digest(): string {
    return this.pendingDigest?.value() ?? sha256Hex(this.directory.archive);
  }

  /** A member's bytes (inflated once), or undefined when absent. */
  content(name: string): Buffer | undefined {
    const at = this.directory.positionOf(name);
    if (at === undefined) return undefined;
    return (this.inflated[at] ??= inflateMember(this.directory.memberAt(at), this.path));
  }

  /** Blob ids of the working-tree files (everything outside `.git/`). */
  worktree(): ReadonlyMap<string, string> {
    if (!this.worktreeBlobIds) {
      const { names } = this.directory;
      const positions: number[] = [];
      names.forEach((name, at) => {
        if (!name.startsWith('.git/')) positions.push(at);
      });
      assertJsonMemberSizes(this.directory, positions, this.path);
      const digests = this.inflateAll(positions);
      this.worktreeBlobIds = new WorktreeBlobIds(this.directory, positions, digests);
      this.worktreeTreeId = this.treeIdInPlace(positions, digests);
    }
    return this.worktreeBlobIds;
  }

  /**
   * Inflates every pending member at `positions` at once (see inflateFramed): one allocation for 100,000
   * small files, and each file's blob id from the same pass. Returns every member's blob id as 20 bytes, in
   * the order of `positions` (a member inflated before is hashed here).
   */
  private inflateAll(positions: readonly number[]): Uint8Array {
    const pendingAt: number[] = [];
    positions.forEach((at, i) => {
      if (!this.inflated[at]) pendingAt.push(i);
    });
    const pending = pendingAt.map((i) => positions[i]!);
    const { data, digests } = inflateFramed(this.directory, pending, this.path, this.helper);
    pendingAt.forEach((i, k) => (this.inflated[positions[i]!] = data[k]!));
    if (pending.length === positions.length) return digests;
    const all = new Uint8Array(positions.length * 20);
    const inflatedNow = new Uint8Array(positions.length);
    pendingAt.forEach((i, k) => {
      inflatedNow[i] = 1;
      all.set(digests.subarray(k * 20, k * 20 + 20), i * 20);
    });
    positions.forEach((at, i) => {
      if (!inflatedNow[i]) all.set(blobDigest(this.inflated[at]!), i * 20);
    });
    return all;
  }

  /**
   * The tree id of the members at `positions` with blob ids `digests`, from their names where the central
   * directory holds them, when they are listed in git's order (as ep and git-based writers list them);
   * undefined otherwise (then treeIdOf sorts them). No string or buffer is made per path.
   */
  private treeIdInPlace(positions: readonly number[], digests: Uint8Array): string | undefined {
    const { names, namesAscii, archive, columns } = this.directory;
    if (!namesAscii || positions.length === 0) return undefined;
    for (let i = 1; i < positions.length; i += 1) if (!(names[positions[i - 1]!]! < names[positions[i]!]!)) return undefined;
    // Offsets as 32-bit integers when they fit: read back from a Float64Array, each would be a new heap number
    // until the loops reading them are optimised (2.3 MB of garbage at 10,000 records).
    const Offsets = archive.byteLength <= 0xffffffff ? Uint32Array : Float64Array;
    const starts = new Offsets(positions.length);
    const ends = new Offsets(positions.length);
    positions.forEach((at, i) => {
      starts[i] = columns.nameStart[at]!;
      ends[i] = columns.nameStart[at]! + columns.nameLength[at]!;
    });
    return treeIdOfOrdered(archive, starts, ends, digests);
  }

  /**
   * Whether a member's bytes match the archive's CRC-32. The inflate that proves a worktree leaves checksums
   * to the blob ids; bytes used without that proof, and members copied into a new archive as they are,
   * are checked here.
   */
  checksumMatches(name: string): boolean {
    const at = this.directory.positionOf(name);
    const data = this.content(name);
    return at !== undefined && data !== undefined && crc32(data) === this.directory.columns.crc[at];
  }

  /** The unpacked repository (made on first use, removed by close). */
  async repo(): Promise<RepoDir> {
    if (!this.repoDir) {
      const files = new Map<string, () => Uint8Array>();
      for (const name of this.directory.names) if (name.startsWith('.git/')) files.set(name, () => this.content(name)!);
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
    const files = this.worktree();
    this.worktreeTreeId ??= treeIdOf(files);
    return this.worktreeTreeId === commit.tree;
  }

  async snapshot(ref = 'HEAD'): Promise<PackageSnapshot> {
    if (!SAFE_REF.test(ref)) {
      throw new EpError('INVALID_REF', `"${ref}" is not a valid git ref.`, { exitCode: ExitCode.usage, details: { path: this.path, ref } });
    }
    const head = this.gitDir.resolve('HEAD');
    if (head && this.gitDir.resolve(ref) === head && this.worktreeMatches('HEAD')) {
      return buildSnapshot(this, { commit: head, files: this.worktree(), source: 'worktree', warnings: [] });
    }
    const reader = (await this.repo()).reader();
    const commitObject = await reader.readOne(`${ref}^{commit}`);
    let files: Map<string, string> | undefined;
    if (commitObject) files = await listTree(reader, parseCommit(commitObject.content).tree);
    if (!commitObject || !files) {
      // EDSL zips while git may still be tidying up; at HEAD its worktree always equals the last save.
      if (ref === 'HEAD' && this.directory.has('manifest.json')) {
        const corrupt = [...this.worktree().keys()].find((name) => !this.checksumMatches(name));
        if (corrupt) {
          throw new EpError('INVALID_PACKAGE', `${this.path} is not a valid package: member "${corrupt}" is corrupt (CRC mismatch).`, {
            exitCode: ExitCode.validation,
            details: { path: this.path, member: corrupt },
          });
        }
        const warning = `HEAD's objects are incomplete in ${this.path}; read the working tree instead.`;
        return buildSnapshot(this, { commit: commitObject?.id, files: this.worktree(), source: 'worktree', warnings: [warning] });
      }
      if (!commitObject) {
        throw new EpError('REF_NOT_FOUND', `${this.path} has no commit, branch or tag "${ref}".`, {
          exitCode: ExitCode.notFound,
          details: { path: this.path, ref },
        });
      }
      throw new EpError('INVALID_PACKAGE', `${this.path} is not a valid package: the tree of ${ref} is incomplete.`, {
        exitCode: ExitCode.validation,
        details: { path: this.path, ref },
      });
    }
    return buildSnapshot(this, { commit: commitObject.id, files, source: 'objects', warnings: [], reader });
  }

  /** Bytes of a file of a snapshot: from the archive when the ids match, else from git objects (`jsonFiles`: bounded as such). */
  async blobs(
    entries: ReadonlyArray<readonly [path: string, id: string]>,
    reader?: BatchObjectReader,
    jsonFiles = false,
  ): Promise<Buffer[]> {
    const worktree = this.worktree();
    const out: Array<Buffer | undefined> = entries.map(([path, id]) => (worktree.get(path) === id ? this.content(path) : undefined));
    const needed = out.map((data, i) => (data ? -1 : i)).filter((i) => i >= 0);
    if (needed.length) {
      const options = jsonFiles ? jsonFileReadOptions(this.path, (id) => entries.find((entry) => entry[1] === id)?.[0] ?? id) : {};
      const objects = await (reader ?? (await this.repo()).reader()).read(
        needed.map((i) => entries[i]![1]),
        options,
      );
      objects.forEach((object, k) => {
        const [path, id] = entries[needed[k]!]!;
        if (!object) {
          throw new EpError('INVALID_PACKAGE', `${this.path} is not a valid package: object ${id} (${path}) is missing.`, {
            exitCode: ExitCode.validation,
            details: { path: this.path, file: path, object: id },
          });
        }
        out[needed[k]!] = object.content;
      });
    }
    return out as Buffer[];
  }

  async close(): Promise<void> {
    this.helper?.stop();
    const repo = this.repoDir;
    this.repoDir = undefined;
    await repo?.dispose();
  }
}

/** A helper thread when asked for, or for an archive large enough to repay one on a machine with a core to spare. */
function startHelper(bytes: Buffer, options: PackageReadOptions): ArchiveHelper | undefined {
  const wanted = options.parallelInflate ?? (bytes.length >= HELPER_MIN_BYTES && availableParallelism() > 1);
  return wanted ? ArchiveHelper.start() : undefined;
}
