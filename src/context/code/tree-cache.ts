import { createHash } from 'node:crypto';
import { mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../../util/atomic-write.js';
import { readTreeCache } from './tree-cache-decode.js';
import { encodeTreeCache, type TreeCacheData } from './tree-cache-format.js';
import { CacheInvalid, sectionsSupported } from './tree-cache-sections.js';

export type { KeptSearchIndex, TreeCacheData } from './tree-cache-format.js';

/** A cache file larger than this is not read (a source tree's cache is a few MB per 100,000 lines). */
const MAX_CACHE_BYTES = 256 * 2 ** 20;

/**
 * One source tree's cache under the cache directory (see tree-cache-format.ts): the stat of every listed
 * file, the parsed files by content hash, and the reference graph and search texts keyed by the tree hash.
 * Written atomically; read as untrusted input (bounded size, a regular file only, checksummed block by
 * block as read, every value checked), so a damaged, foreign or stale file is rebuilt, never trusted. Read synchronously: one read of a
 * few MB costs less than the promise round trips of an asynchronous one.
 */
export class TreeCache {
  readonly file: string;
  /** The path every file of this tree's cache starts with (`<stem>.tree`, `<stem>.listing`). */
  readonly stem: string;
  /** The JSON file earlier versions kept, removed when this one is written. */
  private readonly legacyFile: string;

  constructor(
    private readonly dir: string,
    private readonly root: string,
  ) {
    this.stem = path.join(dir, rootId(root));
    this.file = `${this.stem}.tree`;
    this.legacyFile = `${this.stem}.json`;
  }

  read(): TreeCacheData | undefined {
    if (!sectionsSupported) return undefined;
    try {
      // Missing, unreadable, not a regular file, over the bound or failing its checks: rebuilt.
      return readTreeCache(this.file, this.root, { what: 'The code cache', maxBytes: MAX_CACHE_BYTES });
    } catch (error) {
      if (error instanceof CacheInvalid) return undefined;
      throw error;
    }
  }

  async write(data: TreeCacheData): Promise<void> {
    if (!sectionsSupported) return;
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    await writeFileAtomic(this.file, encodeTreeCache(data, this.root), 0o600, { durable: false });
    await unlink(this.legacyFile).catch(() => undefined);
  }
}

function rootId(root: string): string {
  return createHash('sha256').update(root).digest('hex').slice(0, 24);
}
