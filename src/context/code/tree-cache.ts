import { createHash } from 'node:crypto';
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../../util/atomic-write.js';
import type { ParsedFile } from './code-model.js';
import { checkFileStat, checkParsedFile, checkReferences, isParseKey, type CachedFileStat } from './tree-cache-shape.js';

/** Bumped whenever what is cached changes shape or meaning (parsing, the graph), so older files are never read. */
const CACHE_VERSION = 2;
/** A cache file larger than this is not read (a source tree's cache is a few MB per 100,000 lines). */
const MAX_CACHE_BYTES = 256 * 2 ** 20;
const MAX_SEARCH_TEXT = 4 * 2 ** 20;

/** What one source tree's cache file holds. */
export interface TreeCacheData {
  /** When the files were last stat-checked: a file modified within the same clock tick must be hashed again. */
  readonly checkedAt: number;
  /** The size limit the files were read with: a file skipped as too large under one limit may be served under another. */
  readonly maxFileBytes: number;
  /** Every listed file as last seen, by path. */
  readonly stats: ReadonlyMap<string, CachedFileStat>;
  /** Parsed files by `language:sha256`: a file moved or copied is still a hit. */
  readonly parsed: ReadonlyMap<string, ParsedFile>;
  /** The tree hash the graph below was built for. */
  readonly treeHash: string;
  /** The reference graph's edges for that tree (checked against the node count when used). */
  readonly references: unknown;
  /** Each node's search text for that tree (checked against the node count when used). */
  readonly searchTexts: unknown;
}

/**
 * One source tree's cache under the cache directory: the stat of every listed file, the parsed files by
 * content hash, and the reference graph keyed by the tree hash. Written atomically; read as untrusted input
 * (bounded size, every entry shape-checked), so a damaged, foreign or stale file is rebuilt, never trusted.
 */
export class TreeCache {
  readonly file: string;

  constructor(
    private readonly dir: string,
    private readonly root: string,
  ) {
    this.file = path.join(dir, `${rootId(root)}.json`);
  }

  async read(): Promise<TreeCacheData | undefined> {
    let text: string;
    try {
      const handle = await open(this.file, 'r');
      try {
        const { size } = await handle.stat();
        if (size > MAX_CACHE_BYTES) return undefined;
        text = await handle.readFile('utf8');
      } finally {
        await handle.close();
      }
    } catch {
      return undefined;
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return undefined;
    }
    return this.check(data);
  }

  async write(data: TreeCacheData): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const body = {
      version: CACHE_VERSION,
      root: this.root,
      checkedAt: data.checkedAt,
      maxFileBytes: data.maxFileBytes,
      files: [...data.stats.values()],
      parsed: Object.fromEntries(data.parsed),
      treeHash: data.treeHash,
      references: data.references,
      searchTexts: data.searchTexts,
    };
    await writeFileAtomic(this.file, JSON.stringify(body), 0o600, { durable: false });
  }

  private check(data: unknown): TreeCacheData | undefined {
    if (typeof data !== 'object' || data === null) return undefined;
    const body = data as Record<string, unknown>;
    if (body.version !== CACHE_VERSION || body.root !== this.root) return undefined;
    if (typeof body.checkedAt !== 'number' || !Number.isFinite(body.checkedAt) || typeof body.treeHash !== 'string') return undefined;
    if (!Number.isSafeInteger(body.maxFileBytes)) return undefined;
    if (!Array.isArray(body.files) || typeof body.parsed !== 'object' || body.parsed === null) return undefined;
    const stats = new Map<string, CachedFileStat>();
    for (const entry of body.files) {
      const stat = checkFileStat(entry);
      if (!stat) return undefined;
      stats.set(stat.path, stat);
    }
    const parsed = new Map<string, ParsedFile>();
    for (const [key, value] of Object.entries(body.parsed)) {
      const checked = isParseKey(key) ? checkParsedFile(value) : undefined;
      if (!checked) return undefined;
      parsed.set(key, checked);
    }
    return {
      checkedAt: body.checkedAt,
      maxFileBytes: body.maxFileBytes as number,
      stats,
      parsed,
      treeHash: body.treeHash,
      references: body.references,
      searchTexts: body.searchTexts,
    };
  }
}

/** The graph's edges as cached, if they are well formed for `nodeCount` nodes. */
export function cachedReferences(data: TreeCacheData | undefined, treeHash: string, nodeCount: number): number[][] | undefined {
  return data && data.treeHash === treeHash ? checkReferences(data.references, nodeCount) : undefined;
}

/** The nodes' search texts as cached, if there is one string (of bounded length) per node. */
export function cachedSearchTexts(data: TreeCacheData | undefined, treeHash: string, nodeCount: number): string[] | undefined {
  if (!data || data.treeHash !== treeHash || !Array.isArray(data.searchTexts) || data.searchTexts.length !== nodeCount) return undefined;
  const texts: unknown[] = data.searchTexts;
  return texts.every((text) => typeof text === 'string' && text.length <= MAX_SEARCH_TEXT) ? (texts as string[]) : undefined;
}

function rootId(root: string): string {
  return createHash('sha256').update(root).digest('hex').slice(0, 24);
}
