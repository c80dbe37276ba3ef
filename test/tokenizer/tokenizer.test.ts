import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BpeTokenizer } from '../../src/tokenizer/bpe-tokenizer.js';
import { EstimateTokenizer } from '../../src/tokenizer/estimate-tokenizer.js';
import { EpRuntime } from '../../src/runtime/runtime.js';
import { Tokenizer } from '../../src/tokenizer/tokenizer.js';

describe('tokenizers', () => {
  it('counts cl100k_base tokens exactly', async () => {
    const counter = await new BpeTokenizer('cl100k_base').load();
    assert.equal(counter.count('hello world'), 2);
    assert.equal(counter.count(''), 0);
    assert.equal(counter.count('<|endoftext|>'), 7, 'special-token text counts as ordinary text');
  });
  it('counts o200k_base tokens', async () => {
    const counter = await new BpeTokenizer('o200k_base').load();
    assert.equal(counter.count('hello world'), 2);
  });
  it('loads the rank table once', async () => {
    const tokenizer = new BpeTokenizer();
    assert.equal(await tokenizer.load(), await tokenizer.load());
  });
  it('estimates one token per four characters', async () => {
    const counter = await new EstimateTokenizer().load();
    assert.equal(counter.count('abcdefghi'), 3);
  });
  it('the plugin is exact by default and an estimate by option', async () => {
    const exact = await EpRuntime.create({ config: {} });
    const estimate = await EpRuntime.create({ config: { options: { 'builtin/tokenizer': { mode: 'estimate' } } } });
    try {
      assert.equal(exact.get(Tokenizer).name, 'cl100k_base');
      assert.equal(exact.get(Tokenizer).exact, true);
      assert.equal(estimate.get(Tokenizer).name, 'estimate');
    } finally {
      await exact.shutdown();
      await estimate.shutdown();
    }
  });
});
