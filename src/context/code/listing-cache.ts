import { statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { readCheckedFileSync } from '../../limits/checked-file.js';
import { writeFileAtomic } from '../../util/atomic-write.js';
import { RACY_MS } from './racy-window.js';

/** A path a listing depended on and its stat then: mtime (-1 when it did not exist), size and inode. */
export type DependencyStat = readonly [file: string, mtimeMs: number, size: number, ino: number];

/** A listing of a source tree and what it depended on, kept so that a later request can skip listing again. */
export interface KeptListing {
  readonly root: string;
  /** The directories the listing left out (part of what it answered). */
  readonly exclude: readonly string[];
  /** When the listing started. */
  readonly checkedAt: number;
  readonly dependsOn: readonly DependencyStat[];
  readonly paths: readonly string[];
}

const FORMAT = 'ep-source-listing/1';
/** A listing file larger than this is not read (a tree of 100,000 files keeps some 10 MB). */
const MAX_LISTING_BYTES = 64 * 2 ** 20;

/** The stat of each path now, in the same order. */
export function statDependencies(files: readonly string[]): DependencyStat[] {
  return files.map((file) => {
    const stats = statSync(file, { throwIfNoEntry: false });
    return stats ? [file, stats.mtimeMs, stats.size, stats.ino] : [file, -1, 0, 0];
  });
}

/**
 * What a kept listing is worth for `root` listed leaving out `exclude`, at `now`:
 * - `holds`: every path it depended on has the stat it had (a directory gains no entry without its mtime
 *   changing), and none had changed shortly before the listing started: it is the listing;
 * - `unsettled`: something it depended on changed less than the racy window ago, so a listing made now would
 *   not be trusted either and is not worth keeping;
 * - `stale`: list again, and keep that listing.
 */
export function listingState(kept: KeptListing, root: string, exclude: readonly string[], now: number): 'holds' | 'unsettled' | 'stale' {
  if (kept.root !== root || kept.exclude.length !== exclude.length || kept.exclude.some((dir, i) => dir !== exclude[i])) return 'stale';
  let holds = true;
  for (const [file, mtimeMs, size, ino] of kept.dependsOn) {
    const stats = statSync(file, { throwIfNoEntry: false });
    if (stats && stats.mtimeMs >= now - RACY_MS) return 'unsettled';
    if (!holds) continue;
    if (mtimeMs >= kept.checkedAt - RACY_MS) holds = false;
    else if (mtimeMs < 0 ? stats !== undefined : stats?.mtimeMs !== mtimeMs || stats.size !== size || stats.ino !== ino) holds = false;
  }
  return holds ? 'holds' : 'stale';
}

/**
 * The kept listing of one source tree, `<stem>.listing` beside its tree cache. Written atomically; read as
 * untrusted input: bounded, a regular file, every value checked, and every listed path relative and inside
 * the tree (the paths are read and shown), so a damaged or planted file is made again, never trusted.
 */
export class ListingCache {
  readonly file: string;

  constructor(stem: string) {
    this.file = `${stem}.listing`;
  }

  read(): KeptListing | undefined {
    try {
      const bytes = readCheckedFileSync(this.file, { what: 'The code listing cache', maxBytes: MAX_LISTING_BYTES });
      return parseListing(JSON.parse(bytes.toString('utf8')));
    } catch {
      return undefined;
    }
  }

  async write(kept: KeptListing): Promise<void> {
    await mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
    await writeFileAtomic(this.file, JSON.stringify({ format: FORMAT, ...kept }), 0o600, { durable: false });
  }
}

function parseListing(value: unknown): KeptListing | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { format, root, exclude, checkedAt, dependsOn, paths } = value as Record<string, unknown>;
  if (format !== FORMAT || typeof root !== 'string' || !path.isAbsolute(root) || !Number.isFinite(checkedAt)) return undefined;
  if (!isStringArray(exclude) || !isStringArray(paths) || !paths.every(isTreePath)) return undefined;
  if (!Array.isArray(dependsOn) || !dependsOn.every(isDependencyStat)) return undefined;
  return { root, exclude, checkedAt: checkedAt as number, dependsOn, paths };
}

const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** A relative, `/`-separated path that stays inside the tree. */
function isTreePath(file: string): boolean {
  return (
    file !== '' &&
    !file.includes('\0') &&
    !file.startsWith('/') &&
    !file.split('/').some((part) => part === '' || part === '.' || part === '..')
  );
}

function isDependencyStat(value: unknown): value is DependencyStat {
  return (
    Array.isArray(value) &&
    value.length === 4 &&
    typeof value[0] === 'string' &&
    path.isAbsolute(value[0]) &&
    value.slice(1).every((number) => typeof number === 'number' && Number.isFinite(number))
  );
}
