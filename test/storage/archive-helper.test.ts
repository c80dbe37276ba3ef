import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { ArchiveHelper, PendingDigest } from '../../src/storage/zip/archive-helper.js';
import { DigestState } from '../../src/storage/zip/archive-task.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** `bytes` copied into shared memory, at an offset, as a package file is read. */
function shared(bytes: Uint8Array, offset = 8): Uint8Array {
  const view = new Uint8Array(new SharedArrayBuffer(bytes.length + offset), offset, bytes.length);
  view.set(bytes);
  return view;
}

describe('the archive helper thread', () => {
  it('computes a digest the main thread then takes as it is', async () => {
    const bytes = shared(randomBytes(3 * 1024 * 1024 + 5));
    const helper = ArchiveHelper.start();
    assert.ok(helper, 'a helper thread starts');
    try {
      const pending = helper.digest(bytes);
      const state = new Int32Array(pending.result, 0, 1);
      const deadline = Date.now() + 20_000;
      while (Atomics.load(state, 0) !== DigestState.done) {
        assert.ok(Date.now() < deadline, 'the helper hashes within 20 s');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      assert.equal(pending.value(), sha256(bytes));
      assert.equal(pending.value(), sha256(bytes), 'asked again');
    } finally {
      helper.stop();
    }
  });

  it('gives the same digest when the main thread takes the task back, or the helper never had it', () => {
    const bytes = randomBytes(70_000);
    assert.equal(new PendingDigest(bytes).value(), sha256(bytes));
    const helper = ArchiveHelper.start();
    assert.ok(helper);
    try {
      // Asked for at once: the helper is still starting, so the main thread computes it.
      const pending = helper.digest(shared(bytes));
      assert.equal(pending.value(), sha256(bytes));
      assert.equal(Atomics.load(new Int32Array(pending.result, 0, 1), 0), DigestState.takenBack);
    } finally {
      helper.stop();
    }
  });
});
