import { readFileSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { CodeLanguage, ParsedFile, SourceFile } from './code-model.js';
import type { CodeRoot } from './code-root.js';
import { contentHash } from './content-hash.js';
import { languageOf } from './languages.js';
import { DEFAULT_MAX_FILE_BYTES, listSourceFiles, readSourceFile, type SourceListOptions } from './source-files.js';
import type { CachedFileStat } from './tree-cache-shape.js';
import type { TreeCacheData } from './tree-cache.js';

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
  readonly cache: Omit<TreeCacheData, 'treeHash' | 'references' | 'searchTexts'>;
  /** Whether the cache's stats or parsed files differ from what it held. */
  readonly changed: boolean;
}

/**
 * A file whose stat changed less than this before the cache's last check may have changed again within
 * the same clock tick (coarse file-system timestamps): it is hashed, not trusted, as git treats a racily
 * clean index entry.
 */
const RACY_MS = 2000;

/**
 * Lists a source tree and serves each file from the cache when its size, mtime and inode are those the cache
 * recorded (no read, no hash: its text is read when first rendered); any other file is read and hashed, and
 * parsed only when the cache has no entry for its content (once per content). The tree-sitter runtime
 * loads only for a parse.
 */
export type SourceTreeOptions = SourceListOptions;

interface ParseJob {
  readonly text: string;
  readonly language: CodeLanguage;
}

export async function readSourceTree(root: CodeRoot, options: SourceTreeOptions, cached?: TreeCacheData): Promise<SourceTreeRead> {
  const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const checkedAt = Date.now();
  const paths = await listSourceFiles(root, options);
  const stats = statAll(root.dir, paths);
  // Skipped files are recorded too; a different size limit makes those records say nothing.
  const known = cached && cached.maxFileBytes === maxBytes ? cached : undefined;
  const newStats = new Map<string, CachedFileStat>();
  const parsedInUse = new Map<string, ParsedFile>();
  const served: { file: string; key: string; text: string | undefined }[] = [];
  const toParse = new Map<string, ParseJob>();
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
    if (unchanged && (previous.key === null || known!.parsed.has(previous.key))) {
      key = previous.key;
    } else {
      changed = true;
      text = current.size > maxBytes ? undefined : await readSourceFile(root.dir, file, maxBytes);
      key = text === undefined ? null : `${languageOf(file)!.language}:${contentHash(text)}`;
    }
    newStats.set(file, { path: file, ...current, key });
    if (key === null) continue;
    const parsed = known?.parsed.get(key);
    if (parsed) parsedInUse.set(key, parsed);
    else if (!toParse.has(key)) toParse.set(key, { text: text!, language: languageOf(file)!.language });
    served.push({ file, key, text });
  }
  if (toParse.size > 0) {
    const { SourceParser } = await import('./parse-source.js');
    const parser = new SourceParser();
    try {
      for (const [key, job] of toParse) parsedInUse.set(key, await parser.parse(job.text, job.language));
    } finally {
      await parser.dispose();
    }
  }
  const files = served.map(
    ({ file, key, text }) => new TreeFile(root.dir, file, key.slice(key.indexOf(':') + 1), parsedInUse.get(key)!, text),
  );
  const parsedCount = toParse.size;
  if (known && (known.stats.size !== newStats.size || known.parsed.size !== parsedInUse.size)) changed = true;
  let degraded = 0;
  let lines = 0;
  for (const file of files) {
    if (file.parsed.parseError) degraded += 1;
    lines += file.parsed.lineCount;
  }
  const tree: SourceTree = {
    root: root.dir,
    files,
    stats: { files: files.length, parsed: parsedCount, cached: files.length - parsedCount, degraded, lines },
    treeHash: treeHashOf(files),
  };
  return { tree, cache: { checkedAt, maxFileBytes: maxBytes, stats: newStats, parsed: parsedInUse }, changed };
}

/** A file of the tree; its text is read on first use when it came from the cache unread. */
class TreeFile implements SourceFile {
  constructor(
    private readonly rootDir: string,
    readonly path: string,
    readonly hash: string,
    readonly parsed: ParsedFile,
    private contents: string | undefined,
  ) {}

  get text(): string {
    if (this.contents === undefined) {
      try {
        this.contents = readFileSync(path.join(this.rootDir, this.path), 'utf8');
      } catch {
        // Deleted since the tree was listed: there is nothing left to show.
        this.contents = '';
      }
    }
    return this.contents;
  }
}

type FileStat = Pick<CachedFileStat, 'size' | 'mtimeMs' | 'ino'>;

/**
 * One stat call per file, synchronously: a stat is a single system call, and a thread-pool round trip per
 * file costs more than the call itself (642 files: about 3 ms this way, 50 ms through promises under load).
 */
function statAll(rootDir: string, paths: readonly string[]): (FileStat | undefined)[] {
  return paths.map((file) => {
    const stats = statSync(path.join(rootDir, file), { throwIfNoEntry: false });
    return stats?.isFile() ? { size: stats.size, mtimeMs: stats.mtimeMs, ino: stats.ino } : undefined;
  });
}

function treeHashOf(files: readonly SourceFile[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file.path}\0${file.parsed.language}:${file.hash}\n`);
  return hash.digest('hex');
}
