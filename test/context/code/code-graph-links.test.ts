import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { referencesOf } from '../../../src/context/assembly/reference-lists.js';
import type { CodeGraph } from '../../../src/context/code/code-graph.js';
import { loadCodeSnapshot } from '../../../src/context/code/code-snapshot.js';

const FILES: Record<string, string> = {
  'cjs/saver.js': 'function save(record) {\n  return record;\n}\nmodule.exports = { save };\n',
  'cjs/store.js': "const { save } = require('./saver');\nconst path = require('node:path');\n\nfunction store(x) {\n  return save(x);\n}\n",
  'lib/a.ts': 'export function fromFile(): number {\n  return 1;\n}\n',
  'lib/a/index.ts': 'export function fromIndex(): number {\n  return 2;\n}\n',
  'lib/use.ts': "import { fromFile } from './a';\n\nexport const use = () => fromFile();\n",
  'pk/mod.py': 'def shadowed():\n    return 1\n',
  'pk/mod/__init__.py': 'def package_level():\n    return 2\n',
  'pk/user.py': 'from pk.mod import package_level\n\n\nclass Account:\n    def total(self):\n        return package_level()\n',
};

let dir: string;
let graph: CodeGraph;
const keys = () => graph.nodes.map((node) => node.key);
const edges = (key: string) => {
  const node = graph.nodes.find((candidate) => candidate.key === key);
  assert.ok(node, `no node ${key} in ${keys().join(', ')}`);
  return Array.from(referencesOf(graph.references, node.id), (id) => graph.nodes[id]!.key);
};

before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ep-code-links-'));
  for (const [file, text] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  graph = (await loadCodeSnapshot({ dir })).graph;
});
after(() => rm(dir, { recursive: true, force: true }));

describe('links of the reference graph', () => {
  it('reads a CommonJS require() of a relative module as an import of it and the names it binds', () => {
    assert.deepEqual(edges('uko-js:module/cjs.store'), ['uko-js:module/cjs.saver', 'uko-js:function/cjs.saver.save']);
  });

  it('links a method to its class', () => {
    assert.deepEqual(edges('uko-py:method/pk.user.Account.total'), [
      'uko-py:function/pk.mod.package_level',
      'uko-py:class/pk.user.Account',
    ]);
  });

  it('keeps a module name for the file an import resolves to, and names the other after its path', () => {
    assert.ok(keys().includes('uko-ts:module/lib.a'));
    assert.ok(keys().includes('uko-ts:module/lib.a.index.ts'));
    assert.ok(keys().includes('uko-ts:function/lib.a.index.ts.fromIndex'));
    assert.deepEqual(edges('uko-ts:module/lib.use'), ['uko-ts:module/lib.a', 'uko-ts:function/lib.a.fromFile']);
    assert.ok(keys().includes('uko-py:module/pk.mod'));
    assert.ok(keys().includes('uko-py:module/pk.mod.py'));
    assert.deepEqual(edges('uko-py:module/pk.user'), ['uko-py:module/pk.mod', 'uko-py:function/pk.mod.package_level']);
  });
});
