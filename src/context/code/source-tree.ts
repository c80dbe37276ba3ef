import type { SourceFile } from './code-model.js';
import type { CodeRoot } from './code-root.js';
import { languageOf } from './languages.js';
import { contentHash, ParseCache } from './parse-cache.js';
import { SourceParser } from './parse-source.js';
import { readSourceFiles, type SourceListOptions } from './source-files.js';

export interface SourceTreeStats {
  /** Source files read. */
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
}

export interface SourceTreeOptions extends SourceListOptions {
  /** Where parsed files are cached; no cache when absent. */
  readonly cacheDir?: string;
}

/** Reads a source tree and parses every file whose content hash the cache does not know. */
export async function loadSourceTree(root: CodeRoot, options: SourceTreeOptions = {}): Promise<SourceTree> {
  const cache = options.cacheDir ? new ParseCache(options.cacheDir, root.dir) : undefined;
  const [listed] = await Promise.all([readSourceFiles(root, options), cache?.load()]);
  const parser = new SourceParser();
  const files: SourceFile[] = [];
  const inUse = new Set<string>();
  let parsedCount = 0;
  let degraded = 0;
  let lines = 0;
  try {
    for (const file of listed) {
      const hash = contentHash(file.text);
      const { language } = languageOf(file.path)!;
      // The same bytes read as another language (a .js copy of a .ts file) parse differently.
      const cacheKey = `${language}:${hash}`;
      inUse.add(cacheKey);
      let parsed = cache?.get(cacheKey);
      if (!parsed) {
        parsed = await parser.parse(file.text, language);
        parsedCount += 1;
        cache?.set(cacheKey, parsed);
      }
      if (parsed.parseError) degraded += 1;
      lines += parsed.lineCount;
      files.push({ path: file.path, hash, text: file.text, parsed });
    }
  } finally {
    await parser.dispose();
  }
  // A cache that cannot be written (read-only home, full disk) only costs the next request a parse.
  await cache?.save(inUse).catch(() => undefined);
  const stats = { files: files.length, parsed: parsedCount, cached: files.length - parsedCount, degraded, lines };
  return { root: root.dir, files, stats };
}
