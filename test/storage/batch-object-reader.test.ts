import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { BatchObjectReader } from '../../src/storage/git/batch-object-reader.js';
import { GitRunner } from '../../src/storage/git/git-runner.js';
import { bombId, looseObject } from '../../stress/bad-input/git-bombs.js';
import { GIT_FIXTURE_ENV, inTempDir, peakMib } from './bomb-fixtures.js';

/** A bare repository holding these blobs (written by git), and a runner for it. */
async function repoWithBlobs(dir: string, blobs: readonly Buffer[]): Promise<{ git: GitRunner; ids: string[]; gitDir: string }> {
  const gitDir = path.join(dir, 'repo.git');
  execFileSync('git', ['init', '-q', '--bare', gitDir], { env: GIT_FIXTURE_ENV });
  const ids = blobs.map((blob) =>
    execFileSync('git', ['hash-object', '-w', '--stdin'], { env: { ...GIT_FIXTURE_ENV, GIT_DIR: gitDir }, input: blob, maxBuffer: 1024 })
      .toString()
      .trim(),
  );
  await mkdir(path.join(dir, 'hooks'), { recursive: true });
  return { git: new GitRunner({ gitDir, emptyHooksDir: path.join(dir, 'hooks'), home: dir }), ids, gitDir };
}

const text = (mib: number) => Buffer.alloc(mib * 1024 * 1024, 'The quick brown fox jumps over the lazy dog. ');

describe('BatchObjectReader', () => {
  it('reads small and large objects in order, with missing ones undefined', async () => {
    await inTempDir(async (dir) => {
      const blobs = [Buffer.from('a'), text(4), Buffer.alloc(0), Buffer.from('{"key": "b"}\n')];
      const { git, ids } = await repoWithBlobs(dir, blobs);
      const reader = new BatchObjectReader(git);
      try {
        const objects = await reader.read([ids[0]!, ids[1]!, '0'.repeat(40), ids[2]!, ids[3]!]);
        assert.deepEqual(
          objects.map((object) => object?.content),
          [blobs[0], blobs[1], undefined, blobs[2], blobs[3]],
        );
        assert.equal(objects[1]!.type, 'blob');
      } finally {
        await reader.close();
      }
    });
  });

  it('reads a 64 MiB blob in time linear in its size', async () => {
    await inTempDir(async (dir) => {
      const { git, ids } = await repoWithBlobs(dir, [text(4), text(64)]);
      const reader = new BatchObjectReader(git);
      try {
        const timed = async (id: string) => {
          const started = process.hrtime.bigint();
          const [object] = await reader.read([id]);
          return { bytes: object!.content.length, ms: Number(process.hrtime.bigint() - started) / 1e6 };
        };
        const small = await timed(ids[0]!);
        const large = await timed(ids[1]!);
        assert.equal(large.bytes, 64 * 1024 * 1024);
        // Copying every chunk onto what came before took minutes for 64 MiB; sixteen times the bytes must
        // not take much more than sixteen times as long (with room for a loaded machine).
        assert.ok(
          large.ms < 10_000 && large.ms < 64 * Math.max(small.ms, 50),
          `4 MiB: ${small.ms.toFixed(0)} ms, 64 MiB: ${large.ms.toFixed(0)} ms`,
        );
      } finally {
        await reader.close();
      }
    });
  });

  it('refuses an object larger than a read allows as soon as its header arrives, and stops the process', async () => {
    await inTempDir(async (dir) => {
      const { git, gitDir } = await repoWithBlobs(dir, []);
      // A 2 GiB blob that git would stream in full: the read must not wait for it.
      const id = bombId('reader');
      await mkdir(path.join(gitDir, 'objects', id.slice(0, 2)), { recursive: true });
      await writeFile(
        path.join(gitDir, 'objects', id.slice(0, 2), id.slice(2)),
        looseObject({ type: 'blob', body: '', padding: 2 * 1024 ** 3 }),
      );
      const reader = new BatchObjectReader(git);
      const started = Date.now();
      const before = peakMib();
      try {
        await assert.rejects(
          reader.read([id], { maxBytes: 1024, tooLarge: ({ size }) => new Error(`too large: ${size}`) }),
          /too large: 2147483648/,
        );
        assert.ok(Date.now() - started < 5_000, `took ${Date.now() - started} ms`);
        assert.ok(peakMib() - before < 100, `peak grew by ${(peakMib() - before).toFixed(0)} MiB`);
        assert.deepEqual(await reader.read([id]), [undefined]);
      } finally {
        await reader.close();
      }
    });
  });
});
