import * as crypto from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { writeBlobHeader } from '../git/git-objects.js';

/**
 * The work both threads of a framed inflate share (see framed-inflate.ts). Everything lives in shared
 * memory, so this module imports next to nothing and a worker starts in a few milliseconds.
 *
 * `jobs` holds, per member, five numbers: where its compressed bytes start in the archive, their length,
 * its declared size, its compression method and where its frame starts in the slab. A frame is git's
 * `blob <size>\0` header followed by the member's bytes, so a member's blob id is one hash of its frame.
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

export const ChunkState = { open: 0, claimed: 1, done: 2, failed: 3, takenBack: 4 } as const;

const hashOnce = (crypto as { hash?: (algorithm: string, data: Uint8Array, encoding: 'buffer') => Buffer }).hash;

function sha1(data: Uint8Array): Buffer {
  return hashOnce ? hashOnce('sha1', data, 'buffer') : crypto.createHash('sha1').update(data).digest();
}

export function chunkCount(shared: FramedInflateShared): number {
  return Math.ceil(shared.jobs.byteLength / 8 / JOB_FIELDS / shared.chunkSize);
}

/**
 * Takes chunks until none are left and fills their frames and digests. A member that does not inflate to
 * exactly its declared size fails its chunk; the caller reports it with the full error.
 */
export function takeChunks(shared: FramedInflateShared): void {
  const control = new Int32Array(shared.control);
  const chunks = chunkCount(shared);
  for (;;) {
    const chunk = Atomics.add(control, 0, 1);
    if (chunk >= chunks) return;
    if (Atomics.compareExchange(control, 1 + chunk, ChunkState.open, ChunkState.claimed) !== ChunkState.open) continue;
    const failed = inflateChunk(shared, chunk);
    if (failed >= 0) Atomics.compareExchange(control, 1 + chunks, 0, failed + 1);
    Atomics.store(control, 1 + chunk, failed >= 0 ? ChunkState.failed : ChunkState.done);
    Atomics.notify(control, 1 + chunk);
  }
}

/** Inflates one chunk's members into their frames; returns the first member that failed, or -1. */
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
    const raw = archive.subarray(rawStart, rawStart + jobs[at + 1]!);
    const size = jobs[at + 2]!;
    const frameStart = jobs[at + 4]!;
    const dataStart = writeBlobHeader(slab, frameStart, size);
    if (jobs[at + 3] === 0) slab.set(raw, dataStart);
    else {
      let data: Buffer;
      try {
        data = inflateRawSync(raw, { maxOutputLength: Math.max(1, size), chunkSize: Math.min(Math.max(64, size), 1 << 20) });
      } catch {
        return member;
      }
      if (data.length !== size) return member;
      slab.set(data, dataStart);
    }
    digests.set(sha1(slab.subarray(frameStart, dataStart + size)), member * 20);
  }
  return -1;
}
