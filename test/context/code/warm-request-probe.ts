import { createRequire } from 'node:module';
import { codeMap } from '../../../src/api/code.js';
import { requestContext } from '../../../src/api/context.js';

/**
 * Run as a child of code-cache.test: one request and one map over a tree the cache knows, then whether
 * the tree-sitter runtime was loaded. Does nothing when the test runner runs it on its own.
 */
const root = process.argv[2];
if (root !== undefined && !process.env.NODE_TEST_CONTEXT) {
  await requestContext({ purpose: 'Review auth', focus: ['uko-py:class/AuthManager'], depth: 'SIGNATURES', breadth: 2 }, { cwd: root });
  const map = await codeMap({ cwd: root, tokenBudget: 80 });
  const require = createRequire(import.meta.url);
  const treeSitterLoaded = Object.keys(require.cache).some((file) => file.includes('tree-sitter-wasm'));
  process.stdout.write(JSON.stringify({ parsed: map.files.parsed, treeSitterLoaded }));
}
