import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { EpError, ExitCode } from '../../kernel/errors.js';
import { blobHeaderLength } from '../git/git-objects.js';
import { ChunkState, chunkCount, inflateChunk, JOB_FIELDS, takeChunks, type FramedInflateShared } from './framed-inflate-chunks.js';
import { inflateMember, type ZipMember } from './zip-reader.js';

/** Members inflated into one shared slab, each behind its git blob header, with their blob ids. */
export interface FramedMembers {
  /** Each member's bytes: views into the slab. */
  readonly data: readonly Buffer[];
  /** Each member's git blob id. */
  readonly ids: readonly string[];
}

export interface FramedInflateOptions {
  /** Let a second thread take chunks too (default: when there are enough members and more than one core). */
  readonly parallel?: boolean;
}

/** Below this many members, starting a second thread costs more than it saves. */
const PARALLEL_MIN_MEMBERS = 20_000;
const CHUNK_MEMBERS = 256;
/** How long the main thread waits on a chunk the second thread holds before doing it itself. */
const CHUNK_WAIT_MS = 10_000;

/**
 * Inflates many small members (a package's record files) into one allocation and hashes each as git does, so
 * proving that an archive's files equal a commit costs one pass. Most of a large package's load is spent
 * here, in per-member zlib calls, so from 20,000 members a worker thread takes chunks alongside the main
 * thread (work stealing through shared memory: whichever thread is free takes the next chunk, and the main
 * thread never waits for the worker to start). Below that, the worker's start-up and its competition with
 * V8's own background threads for the second core cost more than it saves. Sizes are bounded as in `inflateMember`; checksums are
 * left to the blob ids, which the caller compares with the commit's tree.
 */
export function inflateFramed(archive: Uint8Array, members: readonly ZipMember[], where: string, options: FramedInflateOptions = {}): FramedMembers {
  const shared = plan(archive, members);
  const chunks = chunkCount(shared);
  const parallel = options.parallel ?? (members.length >= PARALLEL_MIN_MEMBERS && availableParallelism() > 1);
  const worker = parallel && chunks > 1 ? startWorker(shared) : undefined;
  try {
    takeChunks(shared);
    const control = new Int32Array(shared.control);
    for (let chunk = 0; chunk < chunks; chunk += 1) {
      // A chunk the worker counted but has not claimed yet is taken back; one it holds is waited for.
      // A worker that stalls (it never should) is not waited for twice: its chunk is redone here, and the
      // same bytes written twice are harmless.
      const takenBack = Atomics.compareExchange(control, 1 + chunk, ChunkState.open, ChunkState.takenBack) === ChunkState.open;
      if (takenBack || Atomics.wait(control, 1 + chunk, ChunkState.claimed, CHUNK_WAIT_MS) === 'timed-out') {
        const failed = inflateChunk(shared, chunk);
        if (failed >= 0) Atomics.compareExchange(control, 1 + chunks, 0, failed + 1);
      }
    }
    const failed = members[Atomics.load(control, 1 + chunks) - 1];
    if (failed) {
      // The single-member reader reports what exactly is wrong; the fallback covers what it accepts.
      inflateMember(failed, where);
      throw new EpError('INVALID_PACKAGE', `${where} is not a valid package: member "${failed.name}" does not inflate to its declared ${failed.size} bytes.`,
        { exitCode: ExitCode.validation, details: { path: where, member: failed.name } });
    }
  } finally {
    if (worker) void worker.terminate();
  }
  return framedResult(shared, members);
}

function plan(archive: Uint8Array, members: readonly ZipMember[]): FramedInflateShared {
  let source = archive;
  if (!(archive.buffer instanceof SharedArrayBuffer)) {
    source = new Uint8Array(new SharedArrayBuffer(archive.byteLength));
    source.set(archive);
  }
  const jobs = new Float64Array(new SharedArrayBuffer(members.length * JOB_FIELDS * 8));
  let slabBytes = 0;
  members.forEach((member, i) => {
    if (member.raw.buffer !== archive.buffer) throw new Error(`member "${member.name}" is not a view into the archive`);
    const at = i * JOB_FIELDS;
    jobs[at] = source.byteOffset + (member.raw.byteOffset - archive.byteOffset);
    jobs[at + 1] = member.raw.byteLength;
    jobs[at + 2] = member.size;
    jobs[at + 3] = member.method;
    jobs[at + 4] = slabBytes;
    slabBytes += blobHeaderLength(member.size) + member.size;
  });
  const chunks = Math.ceil(members.length / CHUNK_MEMBERS);
  return {
    archive: source.buffer as SharedArrayBuffer,
    slab: new SharedArrayBuffer(slabBytes),
    jobs: jobs.buffer as SharedArrayBuffer,
    digests: new SharedArrayBuffer(members.length * 20),
    control: new SharedArrayBuffer((2 + chunks) * 4),
    chunkSize: CHUNK_MEMBERS,
  };
}

function startWorker(shared: FramedInflateShared): Worker | undefined {
  try {
    const worker = new Worker(new URL('./framed-inflate-worker.js', import.meta.url), { workerData: shared });
    worker.unref();
    // A worker that fails to start takes no chunks; the main thread does them all.
    worker.on('error', () => undefined);
    return worker;
  } catch {
    return undefined;
  }
}

function framedResult(shared: FramedInflateShared, members: readonly ZipMember[]): FramedMembers {
  const jobs = new Float64Array(shared.jobs);
  const digests = Buffer.from(shared.digests);
  const data: Buffer[] = [];
  const ids: string[] = [];
  members.forEach((member, i) => {
    const frameStart = jobs[i * JOB_FIELDS + 4]!;
    data.push(Buffer.from(shared.slab, frameStart + blobHeaderLength(member.size), member.size));
    ids.push(digests.toString('hex', i * 20, i * 20 + 20));
  });
  return { data, ids };
}
