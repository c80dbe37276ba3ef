import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { it } from 'node:test';
import * as tokens from '../../src/service-tokens.js';
import { tokenArity, tokenName } from '../../src/kernel/token.js';

// This file runs from dist/test/kernel/.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

it('docs/plugins.md lists every service token with its kind', async () => {
  const doc = await readFile(path.join(ROOT, 'docs/plugins.md'), 'utf8');
  const rows = new Map([...doc.matchAll(/^\| `(ep\.\w+)` \| (single|multi) \|/gm)].map((match) => [match[1]!, match[2]!]));
  const declared = Object.values(tokens).filter((value): value is symbol => typeof value === 'symbol');
  assert.ok(declared.length > 0);
  for (const token of declared) {
    assert.equal(rows.get(tokenName(token)), tokenArity(token), `${tokenName(token)} in the tokens table`);
  }
  assert.equal(rows.size, declared.length, 'no row names a token that does not exist');
});
