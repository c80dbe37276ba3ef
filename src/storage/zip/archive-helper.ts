import { createRequire } from 'node:module';
import type { Worker } from 'node:worker_threads';
import { sha256Hex } from '../../util/lazy-crypto.js';
import type { FramedInflateShared } from './framed-inflate-chunks.js';
import { DigestState, DIGEST_BYTES, type ArchiveTask } from './archive-task.js';

// node:worker_threads is required when a helper starts: loading it costs about 4 ms, and most reads start none.
const require = createRequire(import.meta.url);

/** The helper thread's entry module, beside this one. */
export const ARCHIVE_HELPER_WORKER = new URL('./archive-helper-worker.js', import.meta.url);

/** How long the main thread waits on a digest the helper is computing before computing it itself. */
const DIGEST_WAIT_MS = 10_000;

/**
 * A second thread for reading one large archive. Started as soon as the archive's bytes are in memory, so
 * that it has booted by the time there is work for it: it hashes the archive while the main thread reads
 * the central directory, then takes inflate chunks alongside it (see inflateFramed). Each task is claimed through shared
 * memory, so the main thread does a task itself whenever the helper has not started it: it never waits for
 * the helper to boot, and a helper that never starts costs a read nothing but the attempt.
 */
export class ArchiveHelper {
  private constructor(private readonly worker: Worker) {}

  /** A started helper, or undefined when no thread can be started. */
  static start(): ArchiveHelper | undefined {
    try {
      const { Worker } = require('node:worker_threads') as typeof import('node:worker_threads');
      const worker = new Worker(ARCHIVE_HELPER_WORKER);
      worker.unref();
      // A helper that fails takes no task; the main thread does them all.
      worker.on('error', () => undefined);
      return new ArchiveHelper(worker);
    } catch {
      return undefined;
    }
  }

  /** Hands the helper the SHA-256 of `bytes` (in shared memory) to compute; `value()` gives it. */
  digest(bytes: Uint8Array): PendingDigest {
    const pending = new PendingDigest(bytes);
    // Bytes outside shared memory would be copied to the helper: the main thread hashes those itself.
    if (bytes.buffer instanceof SharedArrayBuffer) {
      const { buffer: archive, byteOffset, byteLength } = bytes;
      this.post({ kind: 'digest', archive, byteOffset, byteLength, result: pending.result });
    }
    return pending;
  }

  /** Lets the helper take chunks of `shared` alongside the main thread. */
  inflate(shared: FramedInflateShared): void {
    this.post({ kind: 'inflate', shared });
  }

  stop(): void {
    void this.worker.terminate();
  }

  private post(task: ArchiveTask): void {
    try {
      this.worker.postMessage(task);
    } catch {
      // A helper that cannot take the task leaves it to the main thread.
    }
  }
}

/** A digest the helper may be computing: the main thread takes it back when the helper has not begun it. */
export class PendingDigest {
  readonly result = new SharedArrayBuffer(4 + DIGEST_BYTES);

  constructor(private readonly bytes: Uint8Array) {}

  /** The SHA-256 (hex) of the bytes: the helper's, once it has it, else computed here. */
  value(): string {
    const state = new Int32Array(this.result, 0, 1);
    if (Atomics.compareExchange(state, 0, DigestState.open, DigestState.takenBack) === DigestState.open) return sha256Hex(this.bytes);
    Atomics.wait(state, 0, DigestState.claimed, DIGEST_WAIT_MS);
    // Done by the helper, else (it stalled, failed or was never handed the task) computed here.
    return Atomics.load(state, 0) === DigestState.done ? Buffer.from(this.result, 4, DIGEST_BYTES).toString('hex') : sha256Hex(this.bytes);
  }
}
