import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, it } from 'node:test';

// This file runs from dist/test/api/; the recorder beside it imports an entry in a fresh process.
const HERE = path.dirname(fileURLToPath(import.meta.url));
const RECORDER = path.join(HERE, 'module-graph/loaded-modules.js');
const SRC = path.resolve(HERE, '../../src');

/** Packages that make a process slow to start or belong to the CLI, MCP, validation, storage or search. */
const HEAVY_PACKAGES = ['yargs', 'zod', 'ajv', '@modelcontextprotocol/sdk', 'execa', 'fflate', 'js-tiktoken', 'elasticlunr', 'minisearch'];

/** Every module URL that importing `specifier` loads, recorded in a fresh `node` process. */
async function modulesLoadedBy(specifier: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [RECORDER, specifier], { cwd: HERE });
  return JSON.parse(stdout) as string[];
}

function packagesIn(urls: readonly string[]): Set<string> {
  return new Set(urls.flatMap((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1] ?? []));
}

/** The loaded modules of ep itself, relative to its `src/` (`kernel/token.js`). */
function epModulesIn(urls: readonly string[]): string[] {
  return urls
    .filter((url) => url.startsWith('file:'))
    .flatMap((url) => {
      const relative = path.relative(SRC, fileURLToPath(url));
      return relative.startsWith('..') ? [] : [relative.split(path.sep).join('/')];
    });
}

describe('what importing an entry loads', () => {
  it('ep-runtime/plugin loads the plugin contract, tokens and decorators, and no heavy package or implementation', async () => {
    const urls = await modulesLoadedBy('ep-runtime/plugin');
    const packages = packagesIn(urls);
    const ours = epModulesIn(urls);
    // The recorder sees both kinds of module: the entry (an ES module) and tsyringe (CommonJS, for @inject).
    assert.ok(ours.includes('plugin-entry.js'), `the entry itself is recorded: ${ours.join(', ')}`);
    assert.ok(
      packages.has('tsyringe') && packages.has('reflect-metadata'),
      `the decorators' packages are recorded: ${[...packages].join(', ')}`,
    );
    assert.deepEqual(
      HEAVY_PACKAGES.filter((name) => packages.has(name)),
      [],
    );
    const implementations = ours.filter(
      (file) =>
        /^(api|cli|mcp|runtime|plugins)\//.test(file) ||
        (file.startsWith('storage/') && file !== 'storage/package-store-contract.js') ||
        (file.startsWith('search/') && file !== 'search/search-engine.js') ||
        file === 'sessions/store/file-session-store.js' ||
        file.startsWith('tokenizer/bpe'),
    );
    assert.deepEqual(implementations, []);
  });

  it('ep-runtime loads no runtime, container or heavy package until createEp is called', async () => {
    const urls = await modulesLoadedBy('ep-runtime');
    const packages = packagesIn(urls);
    const ours = epModulesIn(urls);
    assert.ok(ours.includes('index.js'), `the entry itself is recorded: ${ours.join(', ')}`);
    assert.deepEqual([...packages], []);
    assert.deepEqual(
      ours.filter(
        (file) => /^(cli|mcp|plugins|storage\/(git|zip|package)|search\/(bm25|elasticlunr))\//.test(file) || file === 'runtime/runtime.js',
      ),
      [],
    );
  });

  it('each framework entry loads its own framework and no other', async () => {
    const frameworks: Record<string, RegExp> = {
      'ep-runtime/ai-sdk': /^(ai|@ai-sdk\/.+)$/,
      'ep-runtime/langchain': /^@langchain\/.+$/,
      'ep-runtime/openai-agents': /^@openai\/agents.*$/,
    };
    for (const [entry, own] of Object.entries(frameworks)) {
      const packages = [...packagesIn(await modulesLoadedBy(entry))];
      assert.ok(
        packages.some((name) => own.test(name)),
        `${entry} loads its framework: ${packages.join(', ')}`,
      );
      const others = Object.entries(frameworks).filter(([other]) => other !== entry);
      assert.deepEqual(
        packages.filter((name) => others.some(([, pattern]) => pattern.test(name))),
        [],
        `${entry} loads no other framework`,
      );
    }
  });
});
