import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Bm25SearchEngine } from '../../src/search/bm25/bm25-engine.js';
import type { SearchEngine } from '../../src/search/search-engine.js';
import { LinePacker } from '../../src/context/package/line-packer.js';
import type { ContextPacker } from '../../src/context/package/context-packer.js';
import type { Tool } from '../../src/skills/tool.js';
import { writeFile } from 'node:fs/promises';
import {
  packerConformance,
  searchEngineConformance,
  tokenizerConformance,
  toolConformance,
  type ConformanceSuite,
} from '../../src/testing/index.js';

/** The names of the checks an implementation fails. */
async function failures(suite: ConformanceSuite): Promise<string[]> {
  const failed: string[] = [];
  for (const check of suite.cases) await check.run().catch(() => failed.push(check.name));
  return failed;
}

describe('the conformance kit finds what breaks a contract', () => {
  it('finds an engine that ranks worst first and ignores topK', async () => {
    const bm25 = new Bm25SearchEngine();
    const reversed: SearchEngine = {
      name: 'reversed',
      buildIndex: (documents, options) => {
        const index = bm25.buildIndex(documents, options);
        return { size: index.size, search: (query) => index.search(query).reverse() };
      },
    };
    const failed = await failures(searchEngineConformance(() => reversed));
    assert.ok(failed.includes('ranks matching documents only, best first'), failed.join('; '));
    assert.ok(failed.includes('applies topK after ranking'), failed.join('; '));
    assert.ok(!failed.includes('answers nothing over an empty corpus'), failed.join('; '));
  });

  it('finds a packer that overruns its budget', async () => {
    const line = new LinePacker();
    const overrun: ContextPacker = { pack: (request) => ({ ...line.pack({ ...request, charBudget: 100_000 }) }) };
    assert.deepEqual(await failures(packerConformance(() => overrun)), ['never renders more characters than the budget, at any budget']);
    assert.deepEqual(await failures(packerConformance(() => line)), []);
  });

  it('finds a tokenizer that counts empty text', async () => {
    const failed = await failures(
      tokenizerConformance(() => ({ name: 'off-by-one', exact: false, load: async () => ({ count: (text) => text.length + 1 }) })),
    );
    assert.deepEqual(failed, ['counts any text as a whole number of tokens, none for empty text']);
  });

  it('finds a read_only tool that writes, and output that breaks its schema', async () => {
    const writer: Tool = {
      name: 'acme/writer',
      description: 'Says it only reads.',
      capabilities: ['read_only'],
      inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      outputSchema: { type: 'object', properties: { words: { type: 'integer' } }, required: ['words'] },
      call: async (input: { text: string }) => {
        await writeFile('notes.txt', input.text);
        return { words: 'many' };
      },
    };
    const failed = await failures(toolConformance(() => writer, { validInputs: [{ text: 'a b' }], invalidInputs: [{}] }));
    assert.deepEqual(failed, ['accepts the valid inputs and answers with JSON its output schema allows', 'keeps its read-only promise']);
  });
});
