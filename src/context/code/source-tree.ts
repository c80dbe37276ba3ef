import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { CodeLanguage, FileOutline, ParsedFile, SourceFile } from './code-model.js';
import type { CodeRoot } from './code-root.js';
import { contentHash } from './content-hash.js';
import { languageOf } from './languages.js';
import { RACY_MS } from './racy-window.js';
import { listingState, statDependencies, type ListingCache } from './listing-cache.js';
import { DEFAULT_MAX_FILE_BYTES, excludedDirs, listSourceTree, readSourceFile, type SourceListOptions } from './source-files.js';
import { parseKeyOf, type CachedFileStat } from './tree-cache-shape.js';
import type { TreeCacheData } from './tree-cache.js';
import { treeHashOf } from './tree-hash.js';

export interface SourceTreeStats {
  /** Source files served. */
  readonly files: number;
  /** Files parsed in this load (the others came from the cache). */
  readonly parsed: number;
  readonly cached: number;
  /** Files served as modules only, because they did not parse. */
  readonly degraded: number;
  readonly lines: number;
}

export interface SourceTree {
  readonly root: string;
  readonly files: readonly SourceFile[];
  readonly stats: SourceTreeStats;
  /** SHA-256 over the sorted (path, language, content hash) of the files served: equal trees, equal hashes. */
  readonly treeHash: string;
}

/** A read tree and what its cache should hold from now on. */
export interface SourceTreeRead {
  readonly tree: SourceTree;
  readonly cache: Pick<TreeCacheData, 'checkedAt' | 'maxFileBytes' | 'stats' | 'outlines' | 'parsed'>;
  /** Every file's full parse (`parsed[i]` is `tree.files[i]`'s), when `wantsFull` asked for them. */
  readonly parsed?: readonly ParsedFile[];
  /** Whether the cache's stats or parsed files differ from what it held. */
  readonly changed: boolean;
}

export type SourceTreeOptions = SourceListOptions;

/** A listing of the tree under way, and when it started (what the next read takes as the time of its check). */
export interface SourceListing {
  readonly checkedAt: number;
  readonly paths: Promise<string[]>;
  /** Whether the paths are a kept listing's (nothing runs meanwhile). */
  readonly kept: boolean;
}

/**
 * Starts listing the tree. With a listing cache, a kept listing whose directories, ignore files and git index
 * are as they were is taken as it is (no git, no walk); otherwise the tree is listed, and the listing kept
 * unless the tree changed too recently for it to be trusted (then what it depends on is not gathered). In
 * a git work tree, `git ls-files` runs in its own process, so a caller can read the tree cache meanwhile
 * (see loadCodeSnapshot).
 */
export function startSourceListing(root: CodeRoot, options: SourceTreeOptions, listings?: ListingCache): SourceListing {
  const checkedAt = Date.now();
  const exclude = excludedDirs(root, options);
  const previous = listings?.read();
  const state = previous && listingState(previous, root.dir, exclude, checkedAt);
  if (state === 'holds') return { checkedAt, paths: Promise.resolve([...previous!.paths]), kept: true };
  const keep = listings !== undefined && state !== 'unsettled';
  const paths = listSourceTree(root, { ...options, dependsOn: keep }).then(async ({ paths, dependsOn }) => {
    // Stats taken after the listing: a change made meanwhile is newer than checkedAt, so not trusted next time.
    if (keep && dependsOn)
      await listings.write({ root: root.dir, exclude, checkedAt, dependsOn: statDependencies(dependsOn), paths }).catch(() => undefined);
    return paths;
  });
  // Awaited by readSourceTree; a caller that fails before then leaves no unhandled rejection behind.
  paths.catch(() => undefined);
  return { checkedAt, paths, kept: false };
}

interface ServedFile {
  readonly file: string;
  readonly key: string;
  readonly language: CodeLanguage;
  text: string | undefined;
}

/**
 * Lists a source tree and serves each file from the cache when its size, mtime and inode are those the cache
 * recorded (no read, no hash: its text is read when first rendered); any other file is read and hashed, and
 * parsed only when the cache has no entry for its content (once per content). The files' outlines are all a
 * warm request needs; `wantsFull(treeHash)` says whether the full parses are needed too (to rebuild the
 * graph), which come from the cache where it keeps them and from the parser otherwise. The tree-sitter
 * runtime loads only for a parse.
 */
export async function readSourceTree(
  root: CodeRoot,
  options: SourceTreeOptions,
  cached: TreeCacheData | undefined,
  wantsFull: (treeHash: string) => boolean,
  listing: SourceListing = startSourceListing(root, options),
): Promise<SourceTreeRead> {
  const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const { checkedAt } = listing;
  const paths = await listing.paths;
  const stats = statAll(root.dir, paths);
  // Skipped files are recorded too; a different size limit makes those records say nothing.
  const known = cached && cached.maxFileBytes === maxBytes ? cached : undefined;
  const newStats = new Map<string, CachedFileStat>();
  const served: ServedFile[] = [];
  let changed = !known;
  for (let i = 0; i < paths.length; i += 1) {
    const file = paths[i]!;
    const current = stats[i];
    if (!current) continue;
    const previous = known?.stats.get(file);
    const unchanged =
      previous !== undefined &&
      previous.size === current.size &&
      previous.mtimeMs === current.mtimeMs &&
      previous.ino === current.ino &&
      previous.mtimeMs < known!.checkedAt - RACY_MS;
    let key: string | null;
    let text: string | undefined;
    if (unchanged && (previous.key === null || known!.outlines.has(previous.key))) {
      key = previous.key;
    } else {
      changed = true;
      text = current.size > maxBytes ? undefined : await readSourceFile(root.dir, file, maxBytes);
      key = text === undefined ? null : parseKeyOf(languageOf(file)!.language, contentHash(text));
    }
    newStats.set(file, { path: file, size: current.size, mtimeMs: current.mtimeMs, ino: current.ino, key });
    if (key !== null) served.push({ file, key, language: languageOf(file)!.language, text });
  }
  const treeHash = treeHashOf(served);
  const full = wantsFull(treeHash);
  // What must be parsed: contents the cache has no outline of, and, when the full parses are wanted, those
  // it keeps no uses of.
  const fresh = new Map<string, ParsedFile>();
  const toParse = new Map<string, ServedFile>();
  for (const entry of served) {
    if (toParse.has(entry.key)) continue;
    const kept = known?.outlines.has(entry.key) === true && (!full || known.parsed(entry.key) !== undefined);
    if (!kept) toParse.set(entry.key, entry);
  }
  if (toParse.size > 0) {
    const { SourceParser } = await import('./parse-source.js');
    const parser = new SourceParser();
    try {
      for (const [key, entry] of toParse) {
        entry.text ??= readFileText(root.dir, entry.file);
        fresh.set(key, await parser.parse(entry.text, entry.language));
      }
    } finally {
      await parser.dispose();
    }
  }
  const outlines = new Map<string, FileOutline>();
  for (const { key } of served) if (!outlines.has(key)) outlines.set(key, fresh.get(key) ?? known!.outlines.get(key)!);
  const parsedOf = (key: string) => fresh.get(key) ?? known?.parsed(key);
  const files = served.map(
    ({ file, key, text }) => new TreeFile(root.dir, file, key.slice(key.indexOf(':') + 1), outlines.get(key)!, text),
  );
  if (known && (known.stats.size !== newStats.size || known.outlines.size !== outlines.size || fresh.size > 0)) changed = true;
  let degraded = 0;
  let lines = 0;
  for (const file of files) {
    if (file.parsed.parseError) degraded += 1;
    lines += file.parsed.lineCount;
  }
  const tree: SourceTree = {
    root: root.dir,
    files,
    stats: { files: files.length, parsed: toParse.size, cached: files.length - toParse.size, degraded, lines },
    treeHash,
  };
  return {
    tree,
    cache: { checkedAt, maxFileBytes: maxBytes, stats: newStats, outlines, parsed: parsedOf },
    ...(full ? { parsed: served.map(({ key }) => parsedOf(key)!) } : {}),
    changed,
  };
}

/** A file of the tree; its text is read on first use when it came from the cache unread. */
class TreeFile implements SourceFile {
  constructor(
    private readonly rootDir: string,
    readonly path: string,
    readonly hash: string,
    readonly parsed: FileOutline,
    private contents: string | undefined,
  ) {}

  get text(): string {
    this.contents ??= readFileText(this.rootDir, this.path);
    return this.contents;
  }
}

function readFileText(rootDir: string, file: string): string {
  try {
    return readFileSync(path.join(rootDir, file), 'utf8');
  } catch {
    // Deleted since the tree was listed: there is nothing left to show.
    return '';
  }
}

type FileStat = Pick<CachedFileStat, 'size' | 'mtimeMs' | 'ino'>;

/**
 * One stat call per file, synchronously: a stat is a single system call, and a thread-pool round trip per
 * file costs more than the call itself (642 files: about 3 ms this way, 50 ms through promises under load).
 */
function statAll(rootDir: string, paths: readonly string[]): (FileStat | undefined)[] {
  // Listed paths are already normal ('/'-separated, no '.' or '..' parts): joined without path.join's
  // character-by-character normalising of every one.
  const base = rootDir.endsWith(path.sep) ? rootDir : `${rootDir}${path.sep}`;
  return paths.map((file) => {
    const stats = statSync(`${base}${file}`, { throwIfNoEntry: false });
    return stats?.isFile() ? { size: stats.size, mtimeMs: stats.mtimeMs, ino: stats.ino } : undefined;
  });
}
