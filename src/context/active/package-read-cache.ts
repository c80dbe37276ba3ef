import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { isEpError } from '../../kernel/errors.js';
import { digestCheckedFile, PACKAGE_FILE, readCheckedFile } from '../../limits/checked-file.js';
import { Limits } from '../../limits/limits.js';
import { isJsonObject } from '../../records/json.js';
import type { Scenario } from '../../records/scenario.js';
import { stringifyJsonPreservingNumbers } from '../../storage/json/exact-json-writer.js';
import { parseJsonPreservingNumbers } from '../../storage/json/record-json-parser.js';
import type { PackageStore } from '../../storage/package-store-contract.js';
import { writeFileAtomic } from '../../util/atomic-write.js';

/** Cached packages kept; older entries are removed when a new one is written. */
const MAX_ENTRIES = 16;
/** 2: numbers keep their Python form (`1.0`, large integers, NaN); version 1 entries had lost it. */
const CACHE_VERSION = 2;

export interface PackageRecords {
  readonly records: Scenario[];
  readonly warnings: readonly string[];
}

/** `$EP_HOME/cache`, else `$XDG_CACHE_HOME/ep`, else `~/.cache/ep`; a private directory of the user's. */
export function defaultCacheDir(env: Readonly<Record<string, string | undefined>>): string {
  if (env.EP_HOME) return path.join(env.EP_HOME, 'cache', 'context-packages');
  return path.join(env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'ep', 'context-packages');
}

/**
 * The records at HEAD of a package, cached by the SHA-256 of the package file's bytes. Reading a 10,000-record
 * package through git objects takes a few hundred milliseconds; the cached records parse in a few tens, and
 * any change to the file (a save, a pull, a copy from a colleague) changes the digest, so a stale entry is
 * never used. Reads only: writes always go through the store's locked update on the latest content.
 */
export class PackageReadCache {
  constructor(
    private readonly store: PackageStore,
    private readonly dir: string | undefined,
  ) {}

  async load(file: string): Promise<PackageRecords> {
    let warnings: readonly string[] = [];
    const records = await this.throughCache(file, '', async () => {
      const loaded = await this.store.load(file);
      warnings = loaded.warnings;
      return { records: loaded.list.toArray(), cacheable: loaded.warnings.length === 0 };
    });
    return { records, warnings };
  }

  /** The commit ids of a package's history, newest first; cached by the package file's digest like its records. */
  async commits(file: string): Promise<string[]> {
    const records = await this.throughCache(file, 'log-', async () => ({
      records: (await this.store.log(file)).map(({ commit }) => ({ commit })),
      cacheable: true,
    }));
    return records.map((record) => record.commit as string);
  }

  /** The records at one commit. A commit id names its content for good, so the entry is keyed by it alone. */
  async loadRevision(file: string, commit: string): Promise<Scenario[]> {
    const entry = this.dir && /^[0-9a-f]{40,64}$/.test(commit) ? path.join(this.dir, `rev-${commit}.json`) : undefined;
    const cached = entry ? await readEntry(entry) : undefined;
    if (cached) return cached;
    const loaded = await this.store.load(file, { ref: commit });
    const records = loaded.list.toArray();
    if (entry && loaded.commit === commit && loaded.warnings.length === 0) await this.write(entry, records).catch(() => undefined);
    return records;
  }

  /**
   * What `produce` gives for the file's current content: from the entry named by the file's digest, or
   * produced and then stored, when it may be and the file did not change meanwhile. Saves replace the file
   * by a rename, so a change shows in its inode, size or times without hashing it again.
   */
  private async throughCache(
    file: string,
    prefix: string,
    produce: () => Promise<{ records: Scenario[]; cacheable: boolean }>,
  ): Promise<Scenario[]> {
    const identity = this.dir ? await fileIdentity(file) : undefined;
    const digest = identity ? await digestOf(file) : undefined;
    if (!digest) return (await produce()).records;
    const entry = path.join(this.dir!, `${prefix}${digest}.json`);
    const cached = await readEntry(entry);
    if (cached) return cached;
    const { records, cacheable } = await produce();
    if (cacheable && (await fileIdentity(file)) === identity) await this.write(entry, records).catch(() => undefined);
    return records;
  }

  private async write(entry: string, records: Scenario[]): Promise<void> {
    await mkdir(this.dir!, { recursive: true, mode: 0o700 });
    // A cache entry lost or cut short by a power cut only fails to parse and is read again from the package.
    await writeFileAtomic(entry, stringifyJsonPreservingNumbers({ version: CACHE_VERSION, records })!, 0o600, { durable: false });
    const names = (await readdir(this.dir!)).filter((name) => name.endsWith('.json'));
    if (names.length <= MAX_ENTRIES) return;
    const aged = await Promise.all(
      names.map(async (name) => ({ name, mtime: (await stat(path.join(this.dir!, name)).catch(() => undefined))?.mtimeMs ?? 0 })),
    );
    aged.sort((a, b) => a.mtime - b.mtime);
    await Promise.all(aged.slice(0, aged.length - MAX_ENTRIES).map(({ name }) => rm(path.join(this.dir!, name), { force: true })));
  }
}

/** What changes whenever a file is replaced or rewritten: device, inode, size and nanosecond times. */
async function fileIdentity(file: string): Promise<string | undefined> {
  try {
    const info = await stat(file, { bigint: true });
    return `${info.dev}:${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
  } catch {
    return undefined;
  }
}

/**
 * The package file's digest, read through the checked reader: a device or FIFO named as a package is
 * INVALID_PACKAGE at once, before anything reads it. Undefined when the file is missing, unreadable or
 * larger than packages may be: the store then reports why, with its own error codes and limits.
 */
async function digestOf(file: string): Promise<string | undefined> {
  try {
    return await digestCheckedFile(file, PACKAGE_FILE);
  } catch (error) {
    if (isEpError(error) && error.code !== 'LIMIT_EXCEEDED') throw error;
    return undefined;
  }
}

async function readEntry(entry: string): Promise<Scenario[] | undefined> {
  try {
    const bytes = await readCheckedFile(entry, { what: 'A cache entry', maxBytes: Limits.packageBytes });
    const value: unknown = parseJsonPreservingNumbers(bytes.toString('utf8'));
    if (!isJsonObject(value) || value.version !== CACHE_VERSION || !Array.isArray(value.records) || !value.records.every(isJsonObject))
      return undefined;
    return value.records;
  } catch {
    return undefined;
  }
}
