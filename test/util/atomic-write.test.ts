import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { writeFileAtomic } from '../../src/util/atomic-write.js';

describe('writing a file atomically', () => {
  let dir = '';
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ep-atomic-write-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('writes text, bytes, or pieces at their positions in any order, with the mode asked for', async () => {
    const target = path.join(dir, 'a.bin');
    await writeFileAtomic(target, 'text', 0o600, { durable: false });
    assert.equal(await readFile(target, 'utf8'), 'text');
    await writeFileAtomic(target, Buffer.from([1, 2, 3]));
    assert.deepEqual(await readFile(target), Buffer.from([1, 2, 3]));
    await writeFileAtomic(
      target,
      (write) => {
        write(Buffer.from('world'), 6);
        write(Buffer.from('hello '), 0);
      },
      0o640,
    );
    assert.equal(await readFile(target, 'utf8'), 'hello world');
    assert.equal((await stat(target)).mode & 0o777, 0o640);
  });

  it('leaves the file as it was, and no temporary file, when the pieces fail halfway', async () => {
    const target = path.join(dir, 'b.bin');
    await writeFile(target, 'before');
    await assert.rejects(
      writeFileAtomic(target, (write) => {
        write(Buffer.from('partly'), 0);
        throw new Error('the writer failed');
      }),
      /the writer failed/,
    );
    assert.equal(await readFile(target, 'utf8'), 'before');
    assert.deepEqual(
      (await readdir(dir)).filter((name) => name.startsWith('.b.bin')),
      [],
    );
  });
});
