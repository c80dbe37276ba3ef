import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';

// This file runs from dist/test/storage/; the rule is read off the TypeScript source.
const CONTRACT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../src/storage/package-store-contract.ts');

it("the package store contract imports only the kernel's token and the records domain's types, no implementation", () => {
  const imports = [...readFileSync(CONTRACT, 'utf8').matchAll(/from '([^']+)'/g)].map((match) => match[1]);
  assert.deepEqual(
    imports.filter((from) => !/^\.\.\/(kernel\/token|records\/(json|record-list|scenario))\.js$/.test(from!)),
    [],
  );
});
