import { limitExceeded, Limits } from '../../limits/limits.js';
import type { GitRunner } from './git-runner.js';

/** What one object declares: its type and size from its header, and, for a delta, its stored bytes. */
const FORMAT = '%(objectname) %(objecttype) %(objectsize) %(objectsize:disk) %(deltabase)';
const NO_BASE = /^0+$/;

export interface ObjectStoreLimits {
  /** Most bytes one object of each type may declare. */
  readonly objectBytes: Readonly<Record<string, number>>;
  /** Most bytes git may have to inflate across the whole store. */
  readonly storeBytes: number;
}

export const DEFAULT_OBJECT_STORE_LIMITS: ObjectStoreLimits = { objectBytes: Limits.gitObjectBytes, storeBytes: Limits.gitStoreBytes };

/**
 * Refuses an object store before git works on it when any object declares more than its type's limit, or
 * all of them together more than the store limit. git inflates an object into a buffer of the size its
 * header declares and fails past it, so bounding the declared sizes bounds every inflate git does: reading
 * a commit, a tree or a blob, `git log`, a repack. The headers are read by git itself (`cat-file
 * --batch-check` inflates only the first bytes of each object, and reads a delta's result size from the
 * delta's own header), in one process for the whole store. Objects git cannot read are left to the reads
 * that need them, which report them as missing.
 */
export async function assertObjectStoreWithinLimits(
  git: GitRunner,
  where: string,
  limits: ObjectStoreLimits = DEFAULT_OBJECT_STORE_LIMITS,
): Promise<void> {
  const listing = await git.run(['cat-file', `--batch-check=${FORMAT}`, '--batch-all-objects', '--unordered']);
  let total = 0;
  let start = 0;
  while (start < listing.length) {
    let end = listing.indexOf('\n', start);
    if (end < 0) end = listing.length;
    const [id, type, size, disk, base] = listing.slice(start, end).split(' ');
    start = end + 1;
    if (base === undefined) continue;
    const declared = Number(size);
    const max = limits.objectBytes[type!] ?? 0;
    if (!(declared <= max)) {
      throw limitExceeded(`The size of ${type} object ${id} in ${where}`, declared, max, 'bytes', { path: where, object: id, type });
    }
    // A delta is copied as it is by a repack; only what it is made of is inflated whole.
    total += NO_BASE.test(base) ? declared : Number(disk);
    if (total > limits.storeBytes) {
      throw limitExceeded(`The unpacked size of the git objects in ${where}`, total, limits.storeBytes, 'bytes', { path: where });
    }
  }
}
