import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { it } from 'node:test';
import { BUILTIN_PLUGINS } from '../../../src/plugins/builtin-catalog.js';
import { TrustErrorCode } from '../../../src/runtime/trust/trust-errors.js';

// This file runs from dist/test/runtime/trust/.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

it('docs/plugins.md lists every trust error code', async () => {
  const doc = await readFile(path.join(ROOT, 'docs/plugins.md'), 'utf8');
  for (const code of Object.values(TrustErrorCode)) assert.match(doc, new RegExp(`^\\| \`${code}\` \\(exit \\d\\)`, 'm'), code);
});

it('docs/plugins.md names every built-in option that needs trust', async () => {
  const doc = await readFile(path.join(ROOT, 'docs/plugins.md'), 'utf8');
  const declared = BUILTIN_PLUGINS.flatMap((entry) => (entry.factory().codeOptions ?? []).map((key) => [entry.id, key] as const));
  assert.ok(declared.length > 0);
  const row = doc.split('\n').find((line) => line.startsWith('| an option a plugin declares in `codeOptions`')) ?? '';
  for (const [id, key] of declared) assert.ok(row.includes(`\`${id}\``) && row.includes(`\`${key}\``), `${id} ${key}`);
});
