import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { requestContext } from '../../../src/api/context.js';
import type { ContextRequestInit } from '../../../src/context/assembly/context-request.js';
import { decodeTreeCache } from '../../../src/context/code/tree-cache-decode.js';
import { CacheInvalid } from '../../../src/context/code/tree-cache-sections.js';

/**
 * The code cache's search index is read a part at a time: a query reads the index's head when it opens
 * and the postings of its own terms when it ranks, each block checked when first read. Damage in the
 * postings is so found mid-query, after the tree was served from the cache.
 */
const FILE_COUNT = 300;
const WORDS = 900;
const REQUEST: ContextRequestInit = { purpose: 'w17 w205 w488 w733 widget handle', depth: 'SIGNATURES', maxTokens: 400 };

let dir: string;
let home: string;

const moduleText = (i: number) => {
  const words = (offset: number) => Array.from({ length: 24 }, (_, k) => `w${(i * 37 + k * 11 + offset) % WORDS}`).join(' ');
  return [
    `"""Module ${i}: ${words(0)}."""`,
    '',
    `class Widget${i}:`,
    `    """${words(3)}."""`,
    '',
    ...Array.from({ length: 4 }, (_, m) => [
      `    def handle_${m}_${i}(self):`,
      `        """${words(m + 5)}."""`,
      '        return None',
      '',
    ]).flat(),
  ].join('\n');
};

const options = () => ({ cwd: dir, env: { ...process.env, EP_HOME: home } });
const cacheFile = async () => {
  const dirOfCache = path.join(home, 'cache', 'code-context');
  return path.join(
    dirOfCache,
    (await readdir(dirOfCache)).find((name) => name.endsWith('.tree'))!,
  );
};

/** Where the index's postings lie in the file, and the blocks that lie wholly within them (see block-file.ts, bm25-index-file.ts). */
function postingsBlocks(bytes: Buffer): { blockBytes: number; bodyAt: number; blocks: number[] } {
  const headerLength = bytes.readUInt32LE(8);
  const header = JSON.parse(bytes.subarray(16, 16 + headerLength).toString('utf8')) as {
    bodyBytes: number;
    blockBytes: number;
    sections: Record<string, [number, number]>;
  };
  const bodyAt = bytes.length - header.bodyBytes;
  const [indexAt] = header.sections.searchIndex!;
  const words = (word: number) => bytes.readUInt32LE(bodyAt + indexAt + word * 4);
  const [n, v, p] = [words(2), words(3), words(4)];
  const start = indexAt + (6 + n + 2 * v + 1) * 4;
  const end = start + 2 * p * 4;
  const blocks: number[] = [];
  for (let block = Math.ceil(start / header.blockBytes); (block + 1) * header.blockBytes <= end; block += 1) blocks.push(block);
  return { blockBytes: header.blockBytes, bodyAt, blocks };
}

before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ep-code-index-'));
  home = await mkdtemp(path.join(tmpdir(), 'ep-code-index-home-'));
  await mkdir(path.join(dir, '.edsl'));
  await mkdir(path.join(dir, 'pkg'));
  const anHourAgo = new Date(Date.now() - 3_600_000);
  for (let i = 0; i < FILE_COUNT; i += 1) {
    const file = path.join(dir, 'pkg', `m${i}.py`);
    await writeFile(file, moduleText(i));
    // Past the racy window, so a warm request trusts the stats and serves the tree from the cache.
    await utimes(file, anHourAgo, anHourAgo);
  }
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

describe('a damaged search index in the code cache', () => {
  it('is found by the query that reads it, which is answered from the texts, and kept sound again', async () => {
    const expected = (
      await requestContext(REQUEST, { ...options(), config: { options: { 'builtin/context-code': { cache: false } } } })
    ).toJSON();
    await requestContext(REQUEST, options());
    const file = await cacheFile();
    const sound = await readFile(file);
    const soundIndex = decodeTreeCache(sound, dir).searchIndex!.bytes;

    const { blockBytes, bodyAt, blocks } = postingsBlocks(sound);
    assert.ok(blocks.length >= 2, `the postings span whole blocks (${blocks.length})`);
    const damaged = Buffer.from(sound);
    for (const block of blocks)
      damaged.writeUInt8(damaged.readUInt8(bodyAt + block * blockBytes + 100) ^ 0xff, bodyAt + block * blockBytes + 100);
    await writeFile(file, damaged);
    // Opening the cache finds nothing: the damage lies only in blocks a query reads.
    const opened = decodeTreeCache(damaged, dir);
    assert.throws(() => opened.searchIndex!.bytes, CacheInvalid);

    assert.deepEqual((await requestContext(REQUEST, options())).toJSON(), expected);
    const healed = decodeTreeCache(await readFile(file), dir);
    assert.deepEqual(healed.searchIndex!.bytes, soundIndex, 'the index was built again and kept');
    assert.deepEqual((await requestContext(REQUEST, options())).toJSON(), expected);
  });
});
