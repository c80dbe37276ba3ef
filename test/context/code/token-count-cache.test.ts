import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { CodeNode } from '../../../src/context/code/code-graph.js';
import { TokenCountCache } from '../../../src/context/code/token-count-cache.js';

let dir = '';
before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ep-token-counts-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The fields of a node the cache keys its counts by. */
const node = {
  id: 3,
  moduleId: 0,
  file: { path: 'pkg/auth.py', hash: 'a'.repeat(64), parsed: { language: 'python' } },
} as unknown as CodeNode;

test('counts saved by one runtime are read by the next', async () => {
  const first = new TokenCountCache(dir, '/repo', 'cl100k_base');
  first.read();
  first.set(node, 2, 27);
  await first.save(new Set([`pkg/auth.py\0python:${'a'.repeat(64)}`]));
  const next = new TokenCountCache(dir, '/repo', 'cl100k_base');
  assert.equal(next.get(node, 2), undefined);
  next.read();
  assert.equal(next.get(node, 2), 27);
  assert.equal(next.get(node, 3), undefined);
});

test('a named pipe where the counts are kept is not waited on: no counts are known', async () => {
  const other = await mkdtemp(path.join(dir, 'fifo-'));
  const cache = new TokenCountCache(other, '/repo', 'cl100k_base');
  // The file name is the cache's own: made by a first save, then replaced by a FIFO.
  cache.set(node, 2, 27);
  await cache.save(new Set([`pkg/auth.py\0python:${'a'.repeat(64)}`]));
  const [file] = await readdir(other);
  await rm(path.join(other, file!));
  execFileSync('mkfifo', [path.join(other, file!)]);
  const next = new TokenCountCache(other, '/repo', 'cl100k_base');
  next.read();
  assert.equal(next.get(node, 2), undefined);
});
