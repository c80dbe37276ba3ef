import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { readCheckedFile, type CheckedFileOptions } from '../limits/checked-file.js';
import { resolveEpHome } from '../sessions/store/session-paths.js';
import { writeFileAtomic } from '../util/atomic-write.js';
import { sha256Hex } from '../util/lazy-crypto.js';

/** Bumped whenever what a kept count means changes, so older files are never read. */
const FORMAT_VERSION = 1;
/** Counts kept at most; the ones used longest ago go first. About 40 bytes each on disk. */
export const MAX_KEPT_COUNTS = 20_000;
const KEPT_COUNTS_FILE: CheckedFileOptions = { what: 'The kept token counts', maxBytes: 4 * 2 ** 20 };
const MAX_COUNT = 100_000_000;
/** 96 bits of a text's SHA-256: no two of a few thousand texts share one. */
const KEY = /^[0-9a-f]{24}$/;
/** Tokenizer names that may name a file. */
const FILE_NAME = /^[a-z0-9_]{1,64}$/;

/**
 * Token counts made by one exact tokenizer, kept by the SHA-256 of the text counted, so a later call that
 * needs the count of the same text (a record rendered at the same depth) gets it without loading the
 * tokenizer's rank table (some 400 ms here). Held in `<dir>/<tokenizer>.json`, read as untrusted input (a
 * file that fails any check is ignored), written atomically on `save` when something was learned, keeping
 * the `MAX_KEPT_COUNTS` learned or used most recently. Two processes saving at once lose some counts, never a count's
 * correctness: each count is the tokenizer's for the text whose digest keys it.
 */
export class KeptTokenCounts {
  private readonly file: string | undefined;
  private counts = new Map<string, number>();
  private reading?: Promise<void>;
  private changed = false;

  constructor(
    private readonly dir: string,
    tokenizer: string,
  ) {
    this.file = FILE_NAME.test(tokenizer) ? path.join(dir, `${tokenizer}.json`) : undefined;
  }

  /** Reads the kept counts once; a missing, unreadable or damaged file leaves none. */
  read(): Promise<void> {
    this.reading ??= (async () => {
      if (!this.file) return;
      try {
        this.accept(JSON.parse((await readCheckedFile(this.file, KEPT_COUNTS_FILE)).toString('utf8')));
      } catch {
        // Every count is made afresh.
      }
    })();
    return this.reading;
  }

  get(text: string): number | undefined {
    const key = keyOf(text);
    const tokens = this.counts.get(key);
    if (tokens === undefined) return undefined;
    // Used again: it moves to the most recent end, so it outlives counts not used since when next saved. A
    // call that only used kept counts writes nothing.
    this.counts.delete(key);
    this.counts.set(key, tokens);
    return tokens;
  }

  set(text: string, tokens: number): void {
    const key = keyOf(text);
    this.counts.delete(key);
    this.counts.set(key, tokens);
    this.changed = true;
  }

  /** Writes the counts when something was learned; a failure only costs a later call a count. */
  async save(): Promise<void> {
    if (!this.file || !this.changed) return;
    const kept = [...this.counts].slice(-MAX_KEPT_COUNTS);
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    await writeFileAtomic(this.file, JSON.stringify({ version: FORMAT_VERSION, counts: Object.fromEntries(kept) }), 0o600, {
      durable: false,
    });
    this.changed = false;
  }

  private accept(data: unknown): void {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return;
    const { version, counts } = data as Record<string, unknown>;
    if (version !== FORMAT_VERSION || typeof counts !== 'object' || counts === null || Array.isArray(counts)) return;
    const entries = Object.entries(counts);
    if (entries.length > MAX_KEPT_COUNTS) return;
    const accepted = new Map<string, number>();
    for (const [key, tokens] of entries) {
      if (!KEY.test(key) || !Number.isInteger(tokens) || (tokens as number) < 0 || (tokens as number) > MAX_COUNT) return;
      accepted.set(key, tokens as number);
    }
    this.counts = accepted;
  }
}

/** `$EP_HOME/cache/token-counts` (default `~/.ep/cache/token-counts`). */
export function tokenCountsDir(env: Readonly<Record<string, string | undefined>>): string {
  return path.join(resolveEpHome(env), 'cache', 'token-counts');
}

function keyOf(text: string): string {
  return sha256Hex(text).slice(0, 24);
}
