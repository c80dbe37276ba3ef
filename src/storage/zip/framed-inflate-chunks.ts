import { framedBlobDigest, writeBlobHeader } from '../git/git-objects.js';
import { inflateInto } from './bounded-inflate.js';

/**
 * The work both threads of a framed inflate share (see framed-inflate.ts). Everything lives in shared
 * memory, so this module imports next to nothing and a worker starts in a few milliseconds.
 *
 * `jobs` holds, per member, five numbers: where its compressed bytes start in the archive, their length,
 * its declared size, its compression method and where its frame starts in the slab. A frame is
 * git's `blob <size>\0` header followed by the member's bytes, so a member's blob id is one hash of its frame,
 * and one spare byte (FRAME_SPARE), which lets inflating tell a member larger than declared (see inflateInto).
 */
export interface FramedInflateShared {
  readonly archive: SharedArrayBuffer;
  readonly slab: SharedArrayBuffer;
  readonly jobs: SharedArrayBuffer;
  /** 20 bytes per member: the SHA-1 of its frame. */
  readonly digests: SharedArrayBuffer;
  /** [0]: the next chunk to take. [1 + c]: the state of chunk c (see ChunkState). [1 + chunks]: a failed member + 1. */
  readonly control: SharedArrayBuffer;
  readonly chunkSize: number;
}

export const JOB_FIELDS = 5;

/** Bytes after each frame, never part of a member: see inflateInto. */
export const FRAME_SPARE = 1;

export const ChunkState = { open: 0, claimed: 1, done: 2, failed: 3, takenBack: 4 } as const;

export function chunkCount(shared: FramedInflateShared): number {
  return Math.ceil(shared.jobs.byteLength / 8 / JOB_FIELDS / shared.chunkSize);
}

/** The first member found broken, or undefined. Once one is, neither thread starts another chunk. */
export function failedMember(shared: FramedInflateShared): number | undefined {
  const failed = Atomics.load(new Int32Array(shared.control), 1 + chunkCount(shared)) - 1;
  return failed >= 0 ? failed : undefined;
}

/** Records that `member` is broken (the first such report wins). */
export function reportFailure(shared: FramedInflateShared, member: number): void {
  Atomics.compareExchange(new Int32Array(shared.control), 1 + chunkCount(shared), 0, member + 1);
}

/**
 * Takes chunks until none are left, or a member is found broken, and fills their frames and digests. A
 * chunk always ends `done` or `failed` (and wakes a thread waiting on it), whatever happens inside it.
 */
export function takeChunks(shared: FramedInflateShared): void {
  const control = new Int32Array(shared.control);
  const chunks = chunkCount(shared);
  while (failedMember(shared) === undefined) {
    const chunk = Atomics.add(control, 0, 1);
    if (chunk >= chunks) return;
    if (Atomics.compareExchange(control, 1 + chunk, ChunkState.open, ChunkState.claimed) !== ChunkState.open) continue;
    let failed = chunk * shared.chunkSize;
    try {
      failed = inflateChunk(shared, chunk);
    } finally {
      if (failed >= 0) reportFailure(shared, failed);
      Atomics.store(control, 1 + chunk, failed >= 0 ? ChunkState.failed : ChunkState.done);
      Atomics.notify(control, 1 + chunk);
    }
  }
}

/**
 * Inflates one chunk's members into their frames; returns the first member that failed (it does not
 * inflate to exactly its declared size), or -1. CRCs are not checked here: the caller compares the blob
 * ids with a commit's tree, which proves every byte (see OpenPackage).
 */
export function inflateChunk(shared: FramedInflateShared, chunk: number): number {
  const archive = new Uint8Array(shared.archive);
  const slab = new Uint8Array(shared.slab);
  const jobs = new Float64Array(shared.jobs);
  const digests = new Uint8Array(shared.digests);
  const members = jobs.length / JOB_FIELDS;
  const end = Math.min(members, (chunk + 1) * shared.chunkSize);
  for (let member = chunk * shared.chunkSize; member < end; member += 1) {
    const at = member * JOB_FIELDS;
    const rawStart = jobs[at]!;
    const rawLength = jobs[at + 1]!;
    const size = jobs[at + 2]!;
    const frameStart = jobs[at + 4]!;
    const dataStart = writeBlobHeader(slab, frameStart, size);
    if (jobs[at + 3] === 0) {
      if (rawLength !== size) return member;
      slab.set(archive.subarray(rawStart, rawStart + rawLength), dataStart);
    } else if (!inflateInto(archive, rawStart, rawLength, slab, dataStart, size)) return member;
    digests.set(framedBlobDigest(slab.subarray(frameStart, dataStart + size)), member * 20);
  }
  return -1;
}
