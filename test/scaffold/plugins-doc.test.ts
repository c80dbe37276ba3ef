import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { PLUGIN_KINDS } from '../../src/scaffold/kinds/index.js';
import { pluginNames } from '../../src/scaffold/plugin-names.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

it("the conformance snippet in docs/plugins.md is the scaffolded tool plugin's test, which the scaffold tests run", async () => {
  const doc = await readFile(path.join(ROOT, 'docs/plugins.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Testing with the conformance kit'));
  const snippet = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  const scaffolded = PLUGIN_KINDS[0]!.files(pluginNames('acme/word-stats'), '^0.1.0')['test/conformance.test.ts'];
  assert.equal(snippet, scaffolded);
});

it('docs/plugins.md lists every kind ep plugins new offers', async () => {
  const doc = await readFile(path.join(ROOT, 'docs/plugins.md'), 'utf8');
  for (const kind of PLUGIN_KINDS) assert.match(doc, new RegExp(`\\| \`${kind.kind}\`( \\(default\\))? \\|`), kind.kind);
});
