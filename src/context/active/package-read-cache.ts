import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { CACHE_ENTRY_FILE, readCheckedFile } from '../../limits/checked-file.js';
import { isJsonObject } from '../../records/json.js';
import type { Scenario } from '../../records/scenario.js';
import { isReadable } from '../../records/unreadable-record.js';
import { stringifyJsonPreservingNumbers } from '../../storage/json/exact-json-writer.js';
import { parseJsonPreservingNumbers } from '../../storage/json/record-json-parser.js';
import type { PersistedIndexFormat } from '../../search/search-engine.js';
import type { LoadOptions, PackageStore, SaveOptions } from '../../storage/package-store-contract.js';
import { writeFileAtomic, type FileWriter } from '../../util/atomic-write.js';
import { digestOf, fileIdentity } from './package-file-stamp.js';
import { nameHash } from '../../util/name-hash.js';
import { allRecords, recordsSource, type RecordSource } from './record-source.js';
import { decodeSidecar, openSidecar, SidecarInvalid, type DecodedSidecar } from './sidecar/sidecar-decode.js';
import { restampSidecar, searchableSidecar, sidecarFile, sidecarsSupported } from './sidecar/sidecar-format.js';
import { hasSearchColumns, lacksSearchData, type SidecarHeader, type SidecarSearch } from './sidecar/sidecar-format.js';
import type { SidecarStamp } from './sidecar/sidecar-stamp.js';

/** Cached packages kept; older entries are removed when a new one is written. */
const MAX_ENTRIES = 16;
/** 2: numbers keep their Python form (`1.0`, large integers, NaN); version 1 entries had lost it. */
const CACHE_VERSION = 2;

export interface PackageRecords {
  readonly records: Scenario[];
  /** The JSON text each record was parsed from, when the store gives them (see LoadedPackage.recordBytes). */
  readonly recordBytes?: readonly Uint8Array[];
  readonly warnings: readonly string[];
}

export interface PackageSource {
  readonly source: RecordSource;
  readonly warnings: readonly string[];
}

/**
 * Where the sidecar of the package at `file` lives in the cache directory `dir`: named by a hash of the
 * package's absolute path. A sidecar is used only for the file it was stamped from (identity, else digest),
 * so a name two paths share costs a rebuild, never another package's records.
 */
export function sidecarPath(dir: string, file: string): string {
  return path.join(dir, `pkg-${nameHash(path.resolve(file))}.eprc`);
}

/** Cache files: sidecars (`.eprc`) and JSON entries for histories and revisions. */
const ENTRY_NAME = /\.(json|eprc)$/;

/** `$EP_HOME/cache`, else `$XDG_CACHE_HOME/ep`, else `~/.cache/ep`; a private directory of the user's. */
export function defaultCacheDir(env: Readonly<Record<string, string | undefined>>): string {
  if (env.EP_HOME) return path.join(env.EP_HOME, 'cache', 'context-packages');
  return path.join(env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'ep', 'context-packages');
}

/**
 * The records at HEAD of a package, cached in a sidecar per package file (see sidecar/). Reading a
 * 10,000-record package through git objects takes a few hundred milliseconds; a sidecar is read in a few,
 * and a search or a `get` parses only the records it returns. A sidecar is used only while the package file
 * keeps the identity it had when read (a save replaces the file, which changes its inode, size or times),
 * or, when the identity changed, while its bytes still have the digest the sidecar was built from; any
 * sidecar that fails its checks is read as absent and rebuilt. Reads only: writes always go through the
 * store's locked update on the latest content.
 */
export class PackageReadCache {
  constructor(
    private readonly store: PackageStore,
    private readonly dir: string | undefined,
    /** The search engine's index format, kept in each sidecar when the engine has one. */
    private readonly index?: PersistedIndexFormat,
  ) {}

  async load(file: string): Promise<PackageRecords> {
    const { source, warnings } = await this.source(file);
    try {
      return { records: allRecords(source), warnings };
    } catch (error) {
      if (!(error instanceof SidecarInvalid)) throw error;
      return this.loadUncached(file);
    }
  }

  /**
   * The package's records as a source: from its sidecar when that is current and sound, else read from the
   * package. `search`: the read ranks the records, so the sidecar answering it holds the search columns and
   * index (added to a sidecar that a read by key wrote); any other read leaves them out.
   */
  async source(file: string, options: { fromPackage?: boolean; search?: boolean } = {}): Promise<PackageSource> {
    const identity = this.dir && sidecarsSupported && !options.fromPackage ? await fileIdentity(file) : undefined;
    if (!identity) return this.fromPackage(file);
    const entry = sidecarPath(this.dir!, file);
    const sidecar = openSidecar(entry);
    const search = this.searchFor(options.search);
    if (sidecar) {
      // The file's digest is read only when its identity is not the one the sidecar was stamped with: the
      // sidecar may still hold these bytes (a copy, a touched file).
      const digest = sidecar.header.identity === identity ? sidecar.header.digest : await digestOf(file);
      if (!digest) return this.fromPackage(file);
      const answered = sidecar.header.digest === digest ? await this.fromSidecar(entry, sidecar, { identity, digest }, search) : undefined;
      if (answered) return answered;
    }
    // The digest of the bytes the records come from, from the read itself: no second read of the file.
    const loaded = await this.loadUncached(file, { digest: true });
    const cacheable = loaded.warnings.length === 0 && loaded.records.every(isReadable);
    const digest = cacheable ? (loaded.digest ?? (await digestOf(file))) : undefined;
    if (digest && (await fileIdentity(file)) === identity) {
      const built = sidecarFile(loaded.records, { identity, digest }, search, loaded.recordBytes);
      const written = await this.writeEntry(entry, (write) => built.writeTo(write)).then(
        () => true,
        () => false,
      );
      // The sidecar just built answers this read too, when it holds a search index: that is made already. It is
      // read back from the file just written (its pages are still in memory, and a search reads a few of them),
      // unless it could not be written or another read replaced it meanwhile with one that does not answer
      // (another version, or no search data): then from memory.
      if (built.header.index !== undefined) {
        const answers = (opened: DecodedSidecar | undefined): opened is DecodedSidecar =>
          opened?.header.identity === identity && opened.header.digest === digest && !lacksSearchData(opened.header, search!);
        const reread = written ? openSidecar(entry) : undefined;
        const answer = answers(reread) ? reread : decodeSidecar(built.bytes());
        if (answer) return { source: answer.source, warnings: [] };
      }
    }
    return { source: recordsSource(loaded.records), warnings: loaded.warnings };
  }

  /**
   * `sidecar`'s answer, written again first when it is to carry a new `stamp` or to gain what `search` reads;
   * undefined when it fails its checks meanwhile (the package is then read instead).
   */
  private async fromSidecar(
    entry: string,
    sidecar: DecodedSidecar,
    stamp: SidecarStamp,
    search: SidecarSearch | undefined,
  ): Promise<PackageSource | undefined> {
    const { header } = sidecar;
    const restamp = stamp.identity !== header.identity;
    const addSearch = search !== undefined && lacksSearchData(header, search);
    if (!addSearch && !restamp) return { source: sidecar.source, warnings: [] };
    try {
      const body = sidecar.body();
      const restamped = { ...header, identity: stamp.identity, digest: stamp.digest };
      // No index for records too large to index (see sidecar-format.ts): their searches rank the columns.
      const indexed = addSearch ? searchableSidecar(restamped, body, sidecar.source.documents(undefined), search) : undefined;
      if (indexed || restamp) await this.writeEntry(entry, indexed ?? restampSidecar(header, body, stamp)).catch(() => undefined);
      return { source: ((indexed && decodeSidecar(indexed)) || sidecar).source, warnings: [] };
    } catch (error) {
      if (error instanceof SidecarInvalid) return undefined;
      throw error;
    }
  }

  /**
   * Whether the package's sidecar answers for its file as it is now: a package read through the cache, whose
   * next version is worth caching when it is written (see `remember`). Reads the sidecar's head only.
   */
  async isCurrent(file: string): Promise<boolean> {
    return (await this.currentHeader(file)) !== undefined;
  }

  private async currentHeader(file: string): Promise<SidecarHeader | undefined> {
    if (!this.dir || !sidecarsSupported) return undefined;
    const identity = await fileIdentity(file);
    const header = identity === undefined ? undefined : openSidecar(sidecarPath(this.dir, file))?.header;
    return header?.identity === identity ? header : undefined;
  }

  /**
   * What a write to `file` calls once saved (SaveOptions.onSaved) to cache the version it wrote, when the
   * package is read through the cache (`isCurrent`); undefined when it is not, so its writes pay for no
   * sidecar. The new sidecar holds what searches read when the current one does (the package is searched).
   */
  async onSavedFor(file: string): Promise<SaveOptions['onSaved']> {
    const current = await this.currentHeader(file);
    if (!current) return undefined;
    const search = hasSearchColumns(current);
    return ({ list, digest }) => this.remember(file, list.toArray(), digest, { search });
  }

  /**
   * Caches the records a save just wrote to `file`, whose bytes have `digest`, so the next read of the new
   * version starts warm instead of reading the package again. Called while the save holds the package's lock
   * (the file is the one written, see SaveOptions.onSaved). The records are those the store wrote, and a read
   * of the file gives them back; the sidecar is stamped with the file's identity and digest like any other,
   * and holds what searches read when `search` says the package is searched.
   */
  async remember(file: string, records: readonly Scenario[], digest: string, options: { search?: boolean } = {}): Promise<void> {
    if (!this.dir || !sidecarsSupported || !records.every(isReadable)) return;
    const identity = await fileIdentity(file);
    if (!identity) return;
    const built = sidecarFile(records, { identity, digest }, this.searchFor(options.search));
    await this.writeEntry(sidecarPath(this.dir, file), (write) => built.writeTo(write));
  }

  /** What a sidecar keeps for a read that searches (`search`): the search columns, and the engine's index when it has one. */
  private searchFor(search: boolean | undefined): SidecarSearch | undefined {
    return search ? { index: this.index } : undefined;
  }

  /** Removes the package's sidecar (one that failed while being read), so the next read rebuilds it. */
  async discard(file: string): Promise<void> {
    if (!this.dir) return;
    await rm(sidecarPath(this.dir, file), { force: true }).catch(() => undefined);
  }

  private async fromPackage(file: string): Promise<PackageSource> {
    const { records, warnings } = await this.loadUncached(file);
    return { source: recordsSource(records), warnings };
  }

  private async loadUncached(file: string, options: LoadOptions = {}): Promise<PackageRecords & { digest?: string }> {
    const { list, recordBytes, warnings, digest } = await this.store.load(file, options);
    return { records: list.toArray(), recordBytes, warnings, ...(digest ? { digest } : {}) };
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

  private write(entry: string, records: Scenario[]): Promise<void> {
    return this.writeEntry(entry, stringifyJsonPreservingNumbers({ version: CACHE_VERSION, records })!);
  }

  private async writeEntry(entry: string, data: string | Uint8Array | FileWriter): Promise<void> {
    await mkdir(this.dir!, { recursive: true, mode: 0o700 });
    // An entry lost or cut short by a power cut fails its checks and is read again from the package.
    await writeFileAtomic(entry, data, 0o600, { durable: false });
    const names = (await readdir(this.dir!)).filter((name) => ENTRY_NAME.test(name));
    if (names.length <= MAX_ENTRIES) return;
    const aged = await Promise.all(
      names.map(async (name) => ({ name, mtime: (await stat(path.join(this.dir!, name)).catch(() => undefined))?.mtimeMs ?? 0 })),
    );
    aged.sort((a, b) => a.mtime - b.mtime);
    await Promise.all(aged.slice(0, aged.length - MAX_ENTRIES).map(({ name }) => rm(path.join(this.dir!, name), { force: true })));
  }
}

async function readEntry(entry: string): Promise<Scenario[] | undefined> {
  try {
    const bytes = await readCheckedFile(entry, CACHE_ENTRY_FILE);
    const value: unknown = parseJsonPreservingNumbers(bytes.toString('utf8'));
    if (!isJsonObject(value) || value.version !== CACHE_VERSION || !Array.isArray(value.records) || !value.records.every(isJsonObject))
      return undefined;
    return value.records;
  } catch {
    return undefined;
  }
}
