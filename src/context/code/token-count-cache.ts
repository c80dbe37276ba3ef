import { createHash } from 'node:crypto';
import path from 'node:path';
import { readCheckedFileSync } from '../../limits/checked-file.js';
import { fsPromises } from '../../util/lazy-fs-promises.js';
import { writeFileAtomic } from '../../util/atomic-write.js';
import type { CodeNode } from './code-graph.js';
import type { SourceFile } from './code-model.js';

/** Bumped whenever rendering changes, so counts of older renderings are never used. */
const CACHE_VERSION = 1;
const MAX_CACHE_BYTES = 64 * 2 ** 20;
const MAX_COUNT = 100_000_000;
const MAX_ENTRY_KEY = 8192;
const MAX_FIT = 1_000_000;

/** The repository map's longest fitting prefix at one budget, for one tree: its node ids, their ranks, its tokens. */
export interface MapFit {
  readonly ids: readonly number[];
  readonly ranks: readonly number[];
  readonly tokens: number;
}

/**
 * Token counts of rendered code nodes, for one tokenizer, kept beside the tree cache: a node's rendering
 * depends on its file alone, so counts are keyed by the file's path and content hash and survive changes to
 * other files. With them a repeated request never loads the tokenizer's rank table. Learned counts are
 * written on `save` (atomically); the file is read as untrusted input and ignored when damaged.
 */
export class TokenCountCache {
  private readonly file: string;
  /** `path\0language:hash` to `symbol@depth` to tokens (symbol -1 is the module). */
  private counts = new Map<string, Map<string, number>>();
  private fits = new Map<string, MapFit>();
  private changed = false;

  constructor(
    private readonly dir: string,
    private readonly root: string,
    private readonly tokenizer: string,
  ) {
    const id = createHash('sha256').update(`${root}\0${tokenizer}`).digest('hex').slice(0, 24);
    this.file = path.join(dir, `${id}.tokens.json`);
  }

  /**
   * Synchronous, like the tree cache's read beside it: a file of some kilobytes read through the thread
   * pool (open, stat, read, close) costs a warm request four waits for the main thread, after its work.
   */
  read(): void {
    try {
      this.accept(
        JSON.parse(readCheckedFileSync(this.file, { what: 'The token count cache', maxBytes: MAX_CACHE_BYTES }).toString('utf8')),
      );
    } catch {
      // Missing, unreadable, too large or not a regular file: every count is made afresh.
    }
  }

  get(node: CodeNode, depth: number): number | undefined {
    return this.counts.get(fileKeyOf(node.file))?.get(nodeKey(node, depth));
  }

  set(node: CodeNode, depth: number, tokens: number): void {
    const key = fileKeyOf(node.file);
    let file = this.counts.get(key);
    if (!file) this.counts.set(key, (file = new Map<string, number>()));
    if (file.get(nodeKey(node, depth)) === tokens) return;
    file.set(nodeKey(node, depth), tokens);
    this.changed = true;
  }

  mapFit(treeHash: string, budget: number): MapFit | undefined {
    return this.fits.get(`${treeHash}@${budget}`);
  }

  setMapFit(treeHash: string, budget: number, fit: MapFit): void {
    // Only the current tree's fits are worth keeping.
    for (const key of this.fits.keys()) if (!key.startsWith(`${treeHash}@`)) this.fits.delete(key);
    this.fits.set(`${treeHash}@${budget}`, fit);
    this.changed = true;
  }

  /** Writes what was learned, keeping only the files of the current tree; nothing when nothing was learned. */
  async save(current: ReadonlySet<string>): Promise<void> {
    if (!this.changed) return;
    const counts: Record<string, Record<string, number>> = {};
    for (const [key, file] of this.counts) if (current.has(key)) counts[key] = Object.fromEntries(file);
    await fsPromises().mkdir(this.dir, { recursive: true, mode: 0o700 });
    const body = { version: CACHE_VERSION, root: this.root, tokenizer: this.tokenizer, counts, fits: Object.fromEntries(this.fits) };
    await writeFileAtomic(this.file, JSON.stringify(body), 0o600, { durable: false });
    this.changed = false;
  }

  private accept(data: unknown): void {
    if (typeof data !== 'object' || data === null) return;
    const body = data as Record<string, unknown>;
    if (body.version !== CACHE_VERSION || body.root !== this.root || body.tokenizer !== this.tokenizer) return;
    const counts = new Map<string, Map<string, number>>();
    for (const [key, file] of entriesOf(body.counts)) {
      const entries = new Map<string, number>();
      for (const [node, tokens] of entriesOf(file)) {
        if (!/^-?\d{1,7}@\d{1,3}$/.test(node) || !isCount(tokens)) return;
        entries.set(node, tokens);
      }
      counts.set(key, entries);
    }
    const fits = new Map<string, MapFit>();
    for (const [key, fit] of entriesOf(body.fits)) {
      const { ids, ranks, tokens } = (fit ?? {}) as Record<string, unknown>;
      if (!/^[0-9a-f]{64}@\d{1,12}$/.test(key) || !isCount(tokens) || !Array.isArray(ids) || !Array.isArray(ranks)) return;
      const idList: unknown[] = ids;
      const rankList: unknown[] = ranks;
      if (idList.length > MAX_FIT || !idList.every(isCount) || !rankList.every((rank) => typeof rank === 'number' && Number.isFinite(rank)))
        return;
      fits.set(key, { ids: idList, ranks: rankList as number[], tokens });
    }
    this.counts = counts;
    this.fits = fits;
  }
}

/** The key the counts of a file's nodes are kept under. */
export function fileKeyOf(file: SourceFile): string {
  return `${file.path}\0${file.parsed.language}:${file.hash}`;
}

function nodeKey(node: CodeNode, depth: number): string {
  return `${node.id - node.moduleId - 1}@${depth}`;
}

function entriesOf(value: unknown): [string, unknown][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.entries(value).filter(([key]) => key.length <= MAX_ENTRY_KEY);
}

function isCount(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_COUNT;
}
