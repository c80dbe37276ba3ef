import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { it } from 'node:test';

// This file runs from dist/test/api/.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The fenced TypeScript blocks of a Markdown file that follow `marker`. */
function tsBlocksAfter(markdown: string, marker: string): string[] {
  return [...markdown.slice(markdown.indexOf(marker)).matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!);
}

it("the agent loop snippets in docs/embedding.md are the example's code", async () => {
  const doc = await readFile(path.join(ROOT, 'docs/embedding.md'), 'utf8');
  const main = await readFile(path.join(ROOT, 'examples/agent-loop/main.ts'), 'utf8');
  const blocks = tsBlocksAfter(doc, '## Example: an agent loop');
  assert.equal(blocks.length, 2);
  for (const block of blocks) {
    const snippet = block.trimEnd();
    assert.ok(main.includes(snippet), `examples/agent-loop/main.ts no longer contains:\n${snippet}`);
  }
});

it("the agent function in docs/embedding.md is the example's planner", async () => {
  const doc = await readFile(path.join(ROOT, 'docs/embedding.md'), 'utf8');
  const planner = await readFile(path.join(ROOT, 'examples/agent-loop/planner.ts'), 'utf8');
  const [block] = tsBlocksAfter(doc, '## Agent functions in sessions');
  const body = block!.slice(block!.indexOf('export class Planner')).trimEnd();
  assert.ok(planner.includes(body), `examples/agent-loop/planner.ts no longer contains:\n${body}`);
});
