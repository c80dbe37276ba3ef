import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { ContextRequest, type ContextRecord } from '../../src/context/assembly/index.js';
import { KeptTokenCounts, MAX_KEPT_COUNTS } from '../../src/tokenizer/kept-token-counts.js';
import { BpeTokenizer } from '../../src/tokenizer/bpe-tokenizer.js';
import type { TokenCounter, Tokenizer } from '../../src/tokenizer/tokenizer.js';
import { contextOver } from '../context/assembly/support.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ep-kept-counts-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** The real BPE tokenizer, counting how often its rank table is asked for and how many texts it counts. */
function watchedTokenizer(): Tokenizer & { loads: number; counted: number } {
  const real = new BpeTokenizer();
  const watched = {
    name: real.name,
    exact: true,
    loads: 0,
    counted: 0,
    async load(): Promise<TokenCounter> {
      watched.loads += 1;
      const counter = await real.load();
      return {
        count: (text: string) => {
          watched.counted += 1;
          return counter.count(text);
        },
      };
    },
  };
  return watched;
}

const RECORDS: ContextRecord[] = Array.from({ length: 30 }, (_, i) => ({
  key: `note.${i}`,
  summary: `Finding ${i} on pricing and consent for study ${i % 7}.`,
  content: `The pilot ${i} measured willingness to pay; é ü 中文 ${'detail '.repeat(i % 5)}`,
}));
const request = new ContextRequest({ purpose: 'pricing pilot consent', depth: 'FULL_RECORD' });

describe('kept token counts', () => {
  it('answers a second runtime with the same fragments and counts without loading the tokenizer', async () => {
    const first = watchedTokenizer();
    const kept = new KeptTokenCounts(dir, first.name);
    const expected = await contextOver({ warm: RECORDS }, { tokenizer: first, keptCounts: kept }).pipeline.requestContext(request);
    assert.equal(first.loads > 0, true);
    await kept.save();

    const second = watchedTokenizer();
    const again = await contextOver(
      { warm: RECORDS },
      { tokenizer: second, keptCounts: new KeptTokenCounts(dir, second.name) },
    ).pipeline.requestContext(request);
    assert.deepEqual(again.toJSON(), expected.toJSON());
    assert.equal(second.loads, 0, 'no rank table loaded');
  });

  it('counts a record that changed afresh, and only that one', async () => {
    const first = watchedTokenizer();
    const kept = new KeptTokenCounts(dir, first.name);
    await contextOver({ warm: RECORDS }, { tokenizer: first, keptCounts: kept }).pipeline.requestContext(request);
    await kept.save();
    const changed = RECORDS.map((record, i) => (i === 3 ? { ...record, summary: `${record.summary as string} Revised.` } : record));
    const second = watchedTokenizer();
    const result = await contextOver(
      { warm: changed },
      { tokenizer: second, keptCounts: new KeptTokenCounts(dir, second.name) },
    ).pipeline.requestContext(request);
    const plain = await contextOver({ warm: changed }).pipeline.requestContext(request);
    assert.deepEqual(result.toJSON(), plain.toJSON(), 'the counts are the tokenizer’s');
    assert.equal(second.loads, 1);
    assert.equal(second.counted, 1, 'the changed record alone was counted');
  });

  it('keeps the counts used most recently, at most MAX_KEPT_COUNTS', async () => {
    const kept = new KeptTokenCounts(dir, 'cl100k_base');
    await kept.read();
    for (let i = 0; i < MAX_KEPT_COUNTS + 5; i += 1) kept.set(`text ${i}`, i);
    assert.equal(kept.get('text 0'), 0, 'used again: now the most recent');
    await kept.save();
    const read = new KeptTokenCounts(dir, 'cl100k_base');
    await read.read();
    assert.equal(read.get('text 0'), 0);
    assert.equal(read.get('text 1'), undefined, 'among the oldest, dropped');
    assert.equal(read.get(`text ${MAX_KEPT_COUNTS + 4}`), MAX_KEPT_COUNTS + 4);
  });

  it('ignores a file that is damaged, foreign or not a regular file, and counts afresh', async () => {
    const file = path.join(dir, 'cl100k_base.json');
    const key = '0123456789abcdef01234567';
    const bad = [
      'not json',
      JSON.stringify({ version: 2, counts: {} }),
      JSON.stringify({ version: 1, counts: { [key]: -1 } }),
      JSON.stringify({ version: 1, counts: { [key]: 1.5 } }),
      JSON.stringify({ version: 1, counts: { '../../etc/passwd': 3 } }),
      JSON.stringify({ version: 1, counts: [3] }),
    ];
    for (const text of bad) {
      await writeFile(file, text);
      const kept = new KeptTokenCounts(dir, 'cl100k_base');
      await kept.read();
      assert.equal(kept.get('anything'), undefined);
    }
    await rm(file);
    await mkdir(file);
    await new KeptTokenCounts(dir, 'cl100k_base').read();
    await rm(file, { recursive: true });
    execFileSync('mkfifo', [file]);
    const kept = new KeptTokenCounts(dir, 'cl100k_base');
    await kept.read(); // A FIFO is refused at once, not waited on.
    kept.set('text', 2);
    await kept.save();
    const reread = new KeptTokenCounts(dir, 'cl100k_base');
    await reread.read();
    assert.equal(reread.get('text'), 2, 'the save replaced the FIFO with a sound file');
  });

  it('keeps nothing for a tokenizer whose name cannot name a file', async () => {
    const kept = new KeptTokenCounts(dir, '../outside');
    kept.set('text', 1);
    await kept.save();
    assert.deepEqual(await readdir(dir), []);
  });
});
