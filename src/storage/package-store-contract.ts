import { createToken } from '../kernel/token.js';
import type { JsonValue } from '../records/json.js';
import type { RecordList } from '../records/record-list.js';
import type { Scenario } from '../records/scenario.js';

// The contract speaks only the records domain's types (RecordList, Scenario); implementations import their
// results from here, never the other way round.

export interface SaveResult {
  readonly status: 'ok' | 'unchanged';
  readonly path: string;
  readonly commit: string;
  /** The branch the commit went on; null when HEAD is detached (the commit moves HEAD alone, as EDSL's save does). */
  readonly branch: string | null;
  readonly message: string;
}

/** A change to apply to the latest records of a package, under its lock. */
export type PackageChange = (latest: RecordList) => RecordList | Promise<RecordList>;

export interface LogEntry {
  readonly commit: string;
  readonly message: string;
  /** Commit time, ISO-8601 UTC. */
  readonly timestamp: string;
}

export interface ChangedRecord {
  readonly key: JsonValue;
  readonly before: Scenario;
  readonly after: Scenario;
}

export interface PackageDiff {
  readonly from: string;
  readonly to: string;
  /** `key`: records matched by their key field; `content`: every record has no key, so whole records are compared. */
  readonly by: 'key' | 'content';
  readonly added: Scenario[];
  readonly removed: Scenario[];
  readonly changed: ChangedRecord[];
}

export interface PushResult {
  readonly remote: string;
  readonly branch: string;
  readonly commit: string;
}

export interface LoadedPackage {
  readonly path: string;
  readonly ref: string;
  /** The commit read (absent only when HEAD's objects were unreadable and the working tree was used). */
  readonly commit: string | undefined;
  readonly list: RecordList;
  /** The scenario id of each record, in list order. */
  readonly scenarioIds: readonly string[];
  /**
   * The stored JSON each record was parsed from, in list order, when the store reads records from JSON
   * texts: parsing one again with the record parser gives the record. Caches keep these bytes as they are.
   */
  readonly recordBytes?: readonly Uint8Array[];
  readonly warnings: readonly string[];
  /**
   * The SHA-256 (hex) of the package file's bytes the records were read from, when `LoadOptions.digest` asked
   * for it and the store reads a package from one file.
   */
  readonly digest?: string;
}

export interface LoadOptions {
  /** A commit, branch or tag; `HEAD` by default. */
  readonly ref?: string;
  /**
   * Also give the digest of the bytes read (`LoadedPackage.digest`), so a cache stamped with it needs no
   * second read of the file.
   */
  readonly digest?: boolean;
}

/** The commit message of a save or update that names none. */
export const DEFAULT_SAVE_MESSAGE = 'Save ScenarioList';

export interface SaveOptions {
  /** Commit message; DEFAULT_SAVE_MESSAGE by default. */
  readonly message?: string;
  /**
   * Called by a store that writes a package file, once the file holds the new version and while the write
   * still holds the package's lock (so the file is the one written): the records as saved and the SHA-256
   * (hex) of the file's bytes. For caches of what a read would give; an error it throws is ignored, since the
   * write has landed. Not called for an unchanged package.
   */
  readonly onSaved?: (saved: SavedPackage) => Promise<void>;
}

/** A package file as a save left it (see SaveOptions.onSaved). */
export interface SavedPackage {
  readonly list: RecordList;
  readonly digest: string;
}

/** One version of a history to save (see PackageStore.saveHistory). */
export interface HistoryVersion {
  readonly list: RecordList;
  readonly message: string;
  /** When the version was saved (ISO-8601); the new version keeps it where the store can hold a time, else it is now. */
  readonly timestamp?: string;
}

/** One version a history save wrote: its commit (or version id), message and the time it holds. */
export interface SavedVersion {
  readonly commit: string;
  readonly message: string;
  /** ISO-8601 UTC, as `log` reads it back (a `.ep` commit keeps whole seconds). */
  readonly timestamp: string;
}

export interface SaveHistoryResult {
  readonly path: string;
  /** Oldest first, one per version given. */
  readonly versions: SavedVersion[];
}

/**
 * Durable record lists (EDSL's ScenarioLists) in EDSL's git-backed `.ep` format. Writers say what to change (`update`), not what
 * to overwrite with: the change is applied to the latest commit under the package's lock.
 */
export interface PackageStore {
  load(path: string, options?: LoadOptions): Promise<LoadedPackage>;
  /** Saves `list` as the package's new content (one commit; `unchanged` when nothing differs). */
  save(path: string, list: RecordList, options?: SaveOptions): Promise<SaveResult>;
  update(path: string, change: PackageChange, options?: SaveOptions): Promise<SaveResult & { list: RecordList }>;
  log(path: string, options?: { ref?: string }): Promise<LogEntry[]>;
  diff(path: string, from: string, to?: string, options?: { keyField?: string }): Promise<PackageDiff>;
  push(path: string, remote: string): Promise<PushResult>;
  /** Tags a commit (HEAD by default). */
  tag(path: string, name: string, options?: { ref?: string }): Promise<{ tag: string; commit: string }>;
  /** Makes the content of an older ref the package's new content, as one new commit (history is kept). */
  restore(path: string, ref: string, options?: SaveOptions): Promise<SaveResult>;
  /** Fast-forwards the package to the remote branch, or creates it from the remote. */
  pull(path: string, remote: string, options?: { branch?: string }): Promise<SaveResult>;
  /**
   * Saves a whole history, oldest first, as a new package: each version becomes one commit with its message
   * and time (also a version whose records equal the one before), and either every version lands or nothing
   * does; a failure part-way (a refused record, a source that fails, a server gone) leaves no package, so the
   * same call can simply be made again. A package already at `path` is refused (`CONTEXT_EXISTS`), and so
   * is a history with no version (`INVALID_HISTORY`). Versions are read one at a time, as they are saved.
   */
  saveHistory?(path: string, versions: Iterable<HistoryVersion> | AsyncIterable<HistoryVersion>): Promise<SaveHistoryResult>;
}

/** Durable ScenarioLists: EDSL's git-backed `.ep` packages (load, save, update, history, remotes). */
export const PackageStore = createToken<PackageStore>('ep.PackageStore');
