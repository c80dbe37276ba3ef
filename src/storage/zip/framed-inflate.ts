import { EpError, ExitCode } from '../../kernel/errors.js';
import { blobHeaderLength } from '../git/git-objects.js';
import {
  ChunkState,
  chunkCount,
  failedMember,
  FRAME_SPARE,
  inflateChunk,
  JOB_FIELDS,
  reportFailure,
  takeChunks,
  type FramedInflateShared,
} from './framed-inflate-chunks.js';
import { inflateMember } from './zip-reader.js';
import type { ZipDirectory } from './zip-directory.js';
import type { ArchiveHelper } from './archive-helper.js';

/** Members inflated into one shared slab, each behind its git blob header, with their blob ids. */
export interface FramedMembers {
  /** Each member's bytes: views into the slab. */
  readonly data: readonly Buffer[];
  /** Each member's git blob id as 20 bytes, in the same order (see WorktreeBlobIds for them in hex). */
  readonly digests: Uint8Array;
}

const CHUNK_MEMBERS = 256;
/** How long the main thread waits on a chunk the second thread holds before doing it itself. */
const CHUNK_WAIT_MS = 10_000;

/**
 * Inflates many small members (a package's record files) into one allocation and hashes each as git does, so
 * proving that an archive's files equal a commit costs one pass. Most of a large package's load is spent
 * here, in per-member zlib calls, so a `helper` thread, when the caller started one (see ArchiveHelper and
 * OpenPackage, which decides when one pays), takes chunks alongside the main thread (work stealing through
 * shared memory: whichever thread is free takes the next chunk, and the main thread never waits for the
 * helper). Sizes are bounded as in `inflateMember`; checksums are left to the blob ids, which the caller
 * compares with a commit's tree, and to `OpenPackage.checksumMatches` where bytes are used without that proof.
 */
export function inflateFramed(directory: ZipDirectory, positions: readonly number[], where: string, helper?: ArchiveHelper): FramedMembers {
  const shared = planFramedInflate(directory, positions);
  if (chunkCount(shared) > 1) helper?.inflate(shared);
  takeChunks(shared);
  return finishFramedInflate(shared, directory, positions, where);
}

/**
 * Lays out the shared job for the members at `positions` in the directory: where each one's bytes are,
 * and where its frame goes in the slab.
 */
export function planFramedInflate(directory: ZipDirectory, positions: readonly number[], chunkSize = CHUNK_MEMBERS): FramedInflateShared {
  const { archive } = directory;
  const { dataStart, compressedSize, size, method } = directory.columns;
  let source = archive;
  if (!(archive.buffer instanceof SharedArrayBuffer)) {
    source = new Uint8Array(new SharedArrayBuffer(archive.byteLength));
    source.set(archive);
  }
  const jobs = new Float64Array(new SharedArrayBuffer(positions.length * JOB_FIELDS * 8));
  let slabBytes = 0;
  positions.forEach((member, i) => {
    const at = i * JOB_FIELDS;
    jobs[at] = source.byteOffset + dataStart[member]!;
    jobs[at + 1] = compressedSize[member]!;
    jobs[at + 2] = size[member]!;
    jobs[at + 3] = method[member]!;
    jobs[at + 4] = slabBytes;
    slabBytes += blobHeaderLength(size[member]!) + size[member]! + FRAME_SPARE;
  });
  const chunks = Math.ceil(positions.length / chunkSize);
  return {
    archive: source.buffer as SharedArrayBuffer,
    slab: new SharedArrayBuffer(slabBytes),
    jobs: jobs.buffer,
    digests: new SharedArrayBuffer(positions.length * 20),
    control: new SharedArrayBuffer((2 + chunks) * 4),
    chunkSize,
  };
}

/**
 * The main thread's side once no chunk is left to take: chunks another thread counted but never claimed
 * are taken back and done here, chunks it holds are waited for (and redone here if it stalls; the same
 * bytes written twice are harmless). Then a broken member is reported with the full error, or the
 * members' bytes and ids are returned.
 */
export function finishFramedInflate(
  shared: FramedInflateShared,
  directory: ZipDirectory,
  positions: readonly number[],
  where: string,
): FramedMembers {
  const control = new Int32Array(shared.control);
  const chunks = chunkCount(shared);
  for (let chunk = 0; chunk < chunks && failedMember(shared) === undefined; chunk += 1) {
    const takenBack = Atomics.compareExchange(control, 1 + chunk, ChunkState.open, ChunkState.takenBack) === ChunkState.open;
    if (takenBack || Atomics.wait(control, 1 + chunk, ChunkState.claimed, CHUNK_WAIT_MS) === 'timed-out') {
      const failed = inflateChunk(shared, chunk);
      if (failed >= 0) reportFailure(shared, failed);
    }
  }
  const failed = failedMember(shared);
  if (failed !== undefined) {
    const member = directory.memberAt(positions[failed]!);
    // The single-member reader says exactly what is wrong; the error below covers what it lets through.
    inflateMember(member, where);
    throw new EpError(
      'INVALID_PACKAGE',
      `${where} is not a valid package: member "${member.name}" does not inflate to its declared ${member.size} bytes.`,
      { exitCode: ExitCode.validation, details: { path: where, member: member.name } },
    );
  }
  const jobs = new Float64Array(shared.jobs);
  const data: Buffer[] = [];
  const { size } = directory.columns;
  positions.forEach((member, i) => {
    const frameStart = jobs[i * JOB_FIELDS + 4]!;
    data.push(Buffer.from(shared.slab, frameStart + blobHeaderLength(size[member]!), size[member]));
  });
  return { data, digests: new Uint8Array(shared.digests) };
}
