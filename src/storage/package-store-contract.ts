import { createToken } from '../kernel/token.js';
import type { ScenarioList } from '../records/scenario-list.js';
import type { ChangedRecord, LogEntry, PackageDiff, PushResult } from './package/package-history.js';
import type { PackageChange, SaveResult } from './package/package-writer.js';

export type { ChangedRecord, LogEntry, PackageChange, PackageDiff, PushResult, SaveResult };

export interface LoadedPackage {
  readonly path: string;
  readonly ref: string;
  /** The commit read (absent only when HEAD's objects were unreadable and the working tree was used). */
  readonly commit: string | undefined;
  readonly list: ScenarioList;
  /** The scenario id of each record, in list order. */
  readonly scenarioIds: readonly string[];
  readonly warnings: readonly string[];
}

export interface LoadOptions {
  /** A commit, branch or tag; `HEAD` by default. */
  readonly ref?: string;
}

export interface SaveOptions {
  /** Commit message; `Save ScenarioList` by default. */
  readonly message?: string;
}

/**
 * Durable ScenarioLists in EDSL's git-backed `.ep` format. Writers say what to change (`update`), not what
 * to overwrite with: the change is applied to the latest commit under the package's lock.
 */
export interface PackageStore {
  load(path: string, options?: LoadOptions): Promise<LoadedPackage>;
  /** Saves `list` as the package's new content (one commit; `unchanged` when nothing differs). */
  save(path: string, list: ScenarioList, options?: SaveOptions): Promise<SaveResult>;
  update(path: string, change: PackageChange, options?: SaveOptions): Promise<SaveResult & { list: ScenarioList }>;
  log(path: string, options?: { ref?: string }): Promise<LogEntry[]>;
  diff(path: string, from: string, to?: string, options?: { keyField?: string }): Promise<PackageDiff>;
  push(path: string, remote: string): Promise<PushResult>;
  /** Tags a commit (HEAD by default). */
  tag(path: string, name: string, options?: { ref?: string }): Promise<{ tag: string; commit: string }>;
  /** Makes the content of an older ref the package's new content, as one new commit (history is kept). */
  restore(path: string, ref: string, options?: SaveOptions): Promise<SaveResult>;
  /** Fast-forwards the package to the remote branch, or creates it from the remote. */
  pull(path: string, remote: string, options?: { branch?: string }): Promise<SaveResult>;
}

/** Durable ScenarioLists: EDSL's git-backed `.ep` packages (load, save, update, history, remotes). */
export const PackageStore = createToken<PackageStore>('ep.PackageStore');
