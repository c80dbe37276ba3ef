import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { it } from 'node:test';
import { Limits } from '../../src/limits/limits.js';

// This file runs from dist/test/limits/.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** How docs/limits.md writes a value: a power of two in MiB or GiB, else the plain number. */
function shown(value: number): string {
  if (value >= 1024 ** 3 && value % 1024 ** 3 === 0) return `${value / 1024 ** 3} GiB`;
  if (value >= 1024 ** 2 && value % 1024 ** 2 === 0) return `${value / 1024 ** 2} MiB`;
  return value.toLocaleString('en-US');
}

it('docs/limits.md states every limit and the error codes of files named from outside', async () => {
  const doc = await readFile(path.join(ROOT, 'docs/limits.md'), 'utf8');
  const rows = [...doc.matchAll(/^\| [^|]+ \| ([^|]+) \|/gm)].map((match) => match[1]!);
  for (const [name, value] of Object.entries(Limits)) {
    assert.ok(rows.some((row) => row.includes(shown(value))), `${name} (${shown(value)}) has a row in the table`);
  }
  for (const code of ['LIMIT_EXCEEDED', 'INVALID_PACKAGE', 'INVALID_INPUT', 'TOO_MANY_OPEN_FILES', 'PATH_NOT_ALLOWED', 'INVALID_JSON']) {
    assert.ok(doc.includes(`\`${code}\``), code);
  }
});
