import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, it } from 'node:test';

// This file runs from dist/test/integrations/.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** What a snippet imports besides ep-runtime: linked from this checkout's node_modules. */
const FRAMEWORK_PACKAGES = ['ai', '@langchain', '@openai'];

/** The fenced JavaScript block under a `### heading` of docs/integrations.md. */
async function snippetUnder(heading: string): Promise<string> {
  const doc = await readFile(path.join(ROOT, 'docs/integrations.md'), 'utf8');
  const section = doc.slice(doc.indexOf(`### ${heading}\n`));
  const block = /```js\n([\s\S]*?)```/.exec(section)?.[1];
  assert.ok(doc.includes(`### ${heading}\n`) && block, `docs/integrations.md has a js snippet under "### ${heading}"`);
  return block;
}

/** Runs a snippet as a program in a fresh project with ep-runtime and the frameworks installed; its stdout's JSON. */
async function runSnippet(code: string): Promise<{ result: string; tree: string[]; remembered?: string[] }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ep-integrations-doc-'));
  try {
    await mkdir(path.join(dir, 'node_modules'));
    await symlink(ROOT, path.join(dir, 'node_modules', 'ep-runtime'), 'dir');
    for (const name of FRAMEWORK_PACKAGES)
      await symlink(path.join(ROOT, 'node_modules', name), path.join(dir, 'node_modules', name), 'dir');
    await writeFile(path.join(dir, 'package.json'), '{"type": "module"}\n');
    await writeFile(path.join(dir, 'snippet.js'), code);
    const env: NodeJS.ProcessEnv = { ...process.env, EP_HOME: path.join(dir, 'home') };
    delete env['NODE_TEST_CONTEXT'];
    const { stdout } = await promisify(execFile)(process.execPath, ['snippet.js'], { cwd: dir, env, timeout: 60_000 });
    return JSON.parse(stdout) as { result: string; tree: string[]; remembered?: string[] };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The tree's line for a node of that name at that depth, completed. */
function line(tree: readonly string[], depth: number, name: string): string | undefined {
  return tree.find((entry) => entry.startsWith(`${'  '.repeat(depth)}${name} [completed]`));
}

describe('the snippets of docs/integrations.md run', () => {
  it('AI SDK: the tool call and both model calls are recorded under the agent function', async () => {
    const { result, tree } = await runSnippet(await snippetUnder('AI SDK'));
    assert.equal(result, 'Keep the pilot under 200 dollars.');
    assert.ok(line(tree, 0, 'plan') && line(tree, 1, 'builtin_context_search'), tree.join('\n'));
    assert.equal(tree.filter((entry) => entry.startsWith('  model:')).length, 2, tree.join('\n'));
  });

  it('LangChain: the tool and the chat model are recorded, and the store remembers the reply', async () => {
    const { result, tree, remembered } = await runSnippet(await snippetUnder('LangChain.js and LangGraph'));
    assert.equal(result, 'Keep the pilot under 200 dollars.');
    assert.deepEqual(remembered, ['pilot']);
    assert.ok(line(tree, 1, 'builtin_context_search') && line(tree, 1, 'model:FakeListChatModel'), tree.join('\n'));
  });

  it('Agents SDK: the trace, the agent, its tool call and its model calls are recorded under the agent function', async () => {
    const { result, tree } = await runSnippet(await snippetUnder('OpenAI Agents SDK'));
    assert.equal(result, 'Keep the pilot under 200 dollars.');
    assert.ok(line(tree, 1, 'Agent workflow') && line(tree, 2, 'planner') && line(tree, 3, 'builtin_context_search'), tree.join('\n'));
    assert.equal(tree.filter((entry) => entry.startsWith('      model:scripted')).length, 2, tree.join('\n'));
  });
});
