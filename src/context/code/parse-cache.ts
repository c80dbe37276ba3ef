import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../../util/atomic-write.js';
import type { ParsedFile } from './code-model.js';

/** Bumped whenever what parsing yields changes shape or meaning, so older entries are never read. */
const CACHE_VERSION = 1;

interface CacheFile {
  readonly version: number;
  readonly root: string;
  /** Parsed files by language and content hash: a file moved or copied is still a hit. */
  readonly parsed: Record<string, ParsedFile>;
}

/**
 * Parsed files of one source tree, kept in one JSON file under the cache directory and keyed by the SHA-256
 * of each file's bytes: a file whose bytes did not change is never parsed again. The entry holds no source
 * text (that is read from the tree, which the hash checks). A damaged or foreign cache file is ignored.
 */
export class ParseCache {
  private entries = new Map<string, ParsedFile>();
  private readonly file: string;
  private changed = false;

  constructor(
    private readonly dir: string,
    private readonly root: string,
  ) {
    this.file = path.join(dir, `${createHash('sha256').update(root).digest('hex').slice(0, 24)}.json`);
  }

  async load(): Promise<void> {
    try {
      const data = JSON.parse(await readFile(this.file, 'utf8')) as CacheFile;
      if (data.version === CACHE_VERSION && data.root === this.root && data.parsed && typeof data.parsed === 'object') {
        this.entries = new Map(Object.entries(data.parsed));
      }
    } catch {
      this.entries = new Map();
    }
  }

  get(key: string): ParsedFile | undefined {
    return this.entries.get(key);
  }

  set(key: string, parsed: ParsedFile): void {
    this.entries.set(key, parsed);
    this.changed = true;
  }

  /** Writes the entries still in use (files deleted from the tree drop out); nothing when nothing changed. */
  async save(inUse: ReadonlySet<string>): Promise<void> {
    const stale = [...this.entries.keys()].some((key) => !inUse.has(key));
    if (!this.changed && !stale) return;
    const parsed: Record<string, ParsedFile> = {};
    for (const key of inUse) {
      const entry = this.entries.get(key);
      if (entry) parsed[key] = entry;
    }
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const data: CacheFile = { version: CACHE_VERSION, root: this.root, parsed };
    await writeFileAtomic(this.file, JSON.stringify(data), 0o600, { durable: false });
    this.changed = false;
  }
}

export function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
