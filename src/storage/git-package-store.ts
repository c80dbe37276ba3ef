import type { RecordList } from '../records/record-list.js';
import type { PackageReadOptions } from './package/open-package.js';
import type { LockOptions } from './package/package-lock.js';
import type { HistoryVersion, LoadedPackage, LoadOptions, PackageChange, PackageStore, SaveOptions } from './package-store-contract.js';
import { DEFAULT_ZIP_LIMITS } from './zip/zip-reader.js';

export interface GitPackageStoreOptions {
  /** Most archive members a package may have. */
  readonly maxEntries?: number;
  /** Most uncompressed bytes a package may unpack to. */
  readonly maxTotalBytes?: number;
  /** How long a writer waits for another's lock (ms). */
  readonly lockTimeoutMs?: number;
  /** Age (ms) after which a lock is taken over even if its process seems alive. */
  readonly staleLockMs?: number;
  /** Write record files uncompressed (faster loads of large packages, larger files); DEFLATE by default. */
  readonly storeRecordsUncompressed?: boolean;
  /** Let a worker thread help inflate large packages (default: with 20,000 files or more and a second core). */
  readonly parallelInflate?: boolean;
}

/** The `.ep` package store: git-backed ScenarioList packages EDSL reads and writes. */
export class GitPackageStore implements PackageStore {
  private readonly limits: PackageReadOptions;
  private readonly lock: LockOptions;
  private readonly storeRecordsUncompressed: boolean;

  constructor(options: GitPackageStoreOptions = {}) {
    this.limits = {
      maxEntries: options.maxEntries ?? DEFAULT_ZIP_LIMITS.maxEntries,
      maxTotalBytes: options.maxTotalBytes ?? DEFAULT_ZIP_LIMITS.maxTotalBytes,
      ...(options.parallelInflate !== undefined ? { parallelInflate: options.parallelInflate } : {}),
    };
    this.storeRecordsUncompressed = options.storeRecordsUncompressed === true;
    this.lock = {
      ...(options.lockTimeoutMs !== undefined ? { timeoutMs: options.lockTimeoutMs } : {}),
      ...(options.staleLockMs !== undefined ? { staleMs: options.staleLockMs } : {}),
    };
  }

  // Reading loads its modules on first use too (git objects, the archive reader: some 5 ms to evaluate), so a
  // call that reads no package (a code request, a read answered from the read cache) does not pay for them.
  async load(path: string, options: LoadOptions = {}): Promise<LoadedPackage> {
    const ref = options.ref ?? 'HEAD';
    const { OpenPackage } = await import('./package/open-package.js');
    const opened = await OpenPackage.open(path, options.digest ? { ...this.limits, digest: true } : this.limits);
    try {
      const snapshot = await opened.snapshot(ref);
      const { commit, list, scenarioOrder: scenarioIds, recordBytes, warnings } = snapshot;
      const digest = options.digest ? opened.digest() : undefined;
      return { path, ref, commit, list, scenarioIds, recordBytes, warnings, ...(digest ? { digest } : {}) };
    } finally {
      await opened.close();
    }
  }

  save(path: string, list: RecordList, options: SaveOptions = {}) {
    return this.update(path, () => list, options).then(({ list: _list, ...result }) => result);
  }

  // Writing and history load their modules on first use, so a read-only call stays light.
  async update(path: string, change: PackageChange, options: SaveOptions = {}) {
    const { updatePackage } = await import('./package/package-writer.js');
    return updatePackage(path, change, {
      ...options,
      limits: this.limits,
      lock: this.lock,
      storeRecordsUncompressed: this.storeRecordsUncompressed,
    });
  }

  async saveHistory(path: string, versions: Iterable<HistoryVersion> | AsyncIterable<HistoryVersion>) {
    const { writePackageHistory } = await import('./package/history-writer.js');
    return writePackageHistory(path, versions, { lock: this.lock, storeRecordsUncompressed: this.storeRecordsUncompressed });
  }

  async log(path: string, options: { ref?: string } = {}) {
    const { packageLog } = await import('./package/package-history.js');
    return packageLog(path, { ...options, limits: this.limits });
  }

  async diff(path: string, from: string, to = 'HEAD', options: { keyField?: string } = {}) {
    const { diffPackage } = await import('./package/package-history.js');
    return diffPackage(path, from, to, { ...options, limits: this.limits });
  }

  async push(path: string, remote: string) {
    const { pushPackage } = await import('./package/package-history.js');
    return pushPackage(path, remote, { limits: this.limits });
  }

  async tag(path: string, name: string, options: { ref?: string } = {}) {
    const { tagPackage } = await import('./package/package-history.js');
    return tagPackage(path, name, { ...options, limits: this.limits, lock: this.lock });
  }

  async restore(path: string, ref: string, options: SaveOptions = {}) {
    const { list: _list, ...result } = await this.update(path, async () => (await this.load(path, { ref })).list, {
      message: options.message ?? `Restore ${ref}`,
    });
    return result;
  }

  async pull(path: string, remote: string, options: { branch?: string } = {}) {
    const { pullPackage } = await import('./package/package-history.js');
    return pullPackage(path, remote, { ...options, limits: this.limits, lock: this.lock });
  }
}
