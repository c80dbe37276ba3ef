/** The archive helper thread (see archive-helper.ts): does the tasks it is handed that the main thread has not taken back. */
import { createHash } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import { DigestState, type ArchiveTask } from './archive-task.js';
import { takeChunks } from './framed-inflate-chunks.js';

parentPort?.on('message', (task: ArchiveTask) => {
  if (task.kind === 'inflate') {
    takeChunks(task.shared);
    return;
  }
  const state = new Int32Array(task.result, 0, 1);
  if (Atomics.compareExchange(state, 0, DigestState.open, DigestState.claimed) !== DigestState.open) return;
  try {
    const digest = createHash('sha256')
      .update(new Uint8Array(task.archive, task.byteOffset, task.byteLength))
      .digest();
    new Uint8Array(task.result, 4).set(digest);
    Atomics.store(state, 0, DigestState.done);
  } catch {
    // Handed back: the main thread computes it.
    Atomics.store(state, 0, DigestState.open);
  } finally {
    Atomics.notify(state, 0);
  }
});
