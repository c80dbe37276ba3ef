import { fsPromises } from '../../util/lazy-fs-promises.js';
import path from 'node:path';
import { readJsonFile } from '../../limits/json-text.js';
import { writeFileAtomic } from '../../util/atomic-write.js';
import { sha256Hex } from '../../util/lazy-crypto.js';
import type { CodeEntry } from './code-entries.js';
import { trustWriteFailed } from './trust-errors.js';

/** What trusting a config records: its real path, the digest of the bytes trusted and what they name. */
export interface TrustRecord {
  /** The config's real path (its project directory with symlinks resolved, then `.edsl/ep.json`). */
  readonly configPath: string;
  /** SHA-256 (hex) of the config's bytes when it was trusted; any other content is not trusted. */
  readonly sha256: string;
  readonly trustedAt: string;
  /** The entries that load or run code, as they were shown when trusting (at most {@link LISTED_ENTRIES}). */
  readonly codeEntries: readonly CodeEntry[];
  /** How many such entries the config has. */
  readonly codeEntryCount: number;
}

/** Entries kept in a record and shown in messages: enough to judge a config, bounded for a hostile one. */
export const LISTED_ENTRIES = 100;

const SHA256_HEX = /^[0-9a-f]{64}$/;

/**
 * Trusted configs under `$EP_HOME/trust/`: one small JSON file per config, named by the digest of its path,
 * so trusting one config never rewrites another's record and each write is a single atomic replace (no
 * lock needed). Records that do not read back whole and valid count as absent: never as trust.
 */
export class TrustStore {
  readonly dir: string;

  constructor(home: string) {
    this.dir = path.join(home, 'trust');
  }

  /** The record for `configPath`, or undefined when there is none (or it is unreadable). */
  async get(configPath: string): Promise<TrustRecord | undefined> {
    const record = await this.read(this.fileFor(configPath));
    return record?.configPath === configPath ? record : undefined;
  }

  async put(record: TrustRecord): Promise<void> {
    try {
      // Private: whoever can write here decides what ep runs for this user.
      await fsPromises().mkdir(this.dir, { recursive: true, mode: 0o700 });
      await writeFileAtomic(this.fileFor(record.configPath), `${JSON.stringify(record, null, 2)}\n`, 0o600);
    } catch (error) {
      throw trustWriteFailed(this.dir, error);
    }
  }

  /** Removes the record for `configPath`; false when there was none. */
  async remove(configPath: string): Promise<boolean> {
    try {
      await fsPromises().unlink(this.fileFor(configPath));
      return true;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return false;
      throw trustWriteFailed(this.dir, error);
    }
  }

  /** Every readable record, by config path; `unreadable` counts files that are not valid records. */
  async list(): Promise<{ records: TrustRecord[]; unreadable: number }> {
    const names = await fsPromises()
      .readdir(this.dir)
      .catch(() => [] as string[]);
    const records: TrustRecord[] = [];
    let unreadable = 0;
    // Dot files are a killed writer's temporary files.
    for (const name of names.filter((entry) => entry.endsWith('.json') && !entry.startsWith('.'))) {
      const record = await this.read(path.join(this.dir, name));
      if (record && this.fileFor(record.configPath) === path.join(this.dir, name)) records.push(record);
      else unreadable += 1;
    }
    return { records: records.sort((a, b) => a.configPath.localeCompare(b.configPath)), unreadable };
  }

  private fileFor(configPath: string): string {
    return path.join(this.dir, `${sha256Hex(configPath)}.json`);
  }

  private async read(file: string): Promise<TrustRecord | undefined> {
    let value: unknown;
    try {
      value = await readJsonFile(file, 'A trust record');
    } catch {
      return undefined;
    }
    return isTrustRecord(value) ? value : undefined;
  }
}

function isTrustRecord(value: unknown): value is TrustRecord {
  if (value === null || typeof value !== 'object') return false;
  const record = value as Partial<TrustRecord>;
  return (
    typeof record.configPath === 'string' &&
    path.isAbsolute(record.configPath) &&
    typeof record.sha256 === 'string' &&
    SHA256_HEX.test(record.sha256) &&
    typeof record.trustedAt === 'string' &&
    Number.isInteger(record.codeEntryCount) &&
    Array.isArray(record.codeEntries) &&
    record.codeEntries.every(
      (entry) =>
        entry !== null &&
        typeof entry === 'object' &&
        typeof (entry as CodeEntry).entry === 'string' &&
        typeof (entry as CodeEntry).value === 'string',
    )
  );
}
