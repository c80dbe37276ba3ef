import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { requestContext } from '../../../src/api/context.js';
import type { ContextRequestInit } from '../../../src/context/assembly/context-request.js';
import { decodeTreeCache } from '../../../src/context/code/tree-cache-decode.js';
import { CacheInvalid } from '../../../src/context/code/tree-cache-sections.js';
import { generatedPythonModules, withPostingsDamaged } from '../../../features/support/code-cache-damage.js';

/**
 * The code cache's search index is read a part at a time: a query reads the index's head when it opens
 * and the postings of its own terms when it ranks, each block checked when first read. Damage in the
 * postings is so found mid-query, after the tree was served from the cache.
 */
const FILES = generatedPythonModules(300);
const REQUEST: ContextRequestInit = { purpose: 'w17 w205 w488 w733 widget handle', depth: 'SIGNATURES', maxTokens: 400 };

let dir: string;
let home: string;

const options = () => ({ cwd: dir, env: { ...process.env, EP_HOME: home } });
const cacheFile = async () => {
  const dirOfCache = path.join(home, 'cache', 'code-context');
  return path.join(
    dirOfCache,
    (await readdir(dirOfCache)).find((name) => name.endsWith('.tree'))!,
  );
};

before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ep-code-index-'));
  home = await mkdtemp(path.join(tmpdir(), 'ep-code-index-home-'));
  await mkdir(path.join(dir, '.edsl'));
  await mkdir(path.join(dir, 'pkg'));
  const anHourAgo = new Date(Date.now() - 3_600_000);
  for (const [name, text] of Object.entries(FILES)) {
    const file = path.join(dir, name);
    await writeFile(file, text);
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

    const { damaged, blocks } = withPostingsDamaged(sound);
    assert.ok(blocks >= 2, `the postings span whole blocks (${blocks})`);
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
