import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Limits } from '../../src/limits/limits.js';
import { truncationMarker, TRUNCATION_MARKER_PATTERN } from '../../src/sessions/recorded-value.js';

const DOC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/limits.md');

/** The row of docs/limits.md that documents each limit. */
const ROWS: Record<keyof typeof Limits, string> = {
  jsonInputBytes: 'JSON input size',
  nestingDepth: 'Nesting depth',
  keyLength: 'Key length',
  recordBytes: 'Record size',
  packageEntries: 'Package entries',
  packageBytes: 'Package size',
  packageJsonFileBytes: 'Package JSON file size',
  gitObjectBytes: 'Git object size',
  gitStoreBytes: 'Git store size',
  activeContexts: 'Active contexts',
  recordsFileBytes: 'Records file size',
  sessionLogBytes: 'Session log size',
  sessionValueBytes: 'Recorded session value',
  mcpRequestsInFlight: 'MCP requests in progress',
  mcpRequestBytesInFlight: 'MCP requests in progress',
};

/** Limits that bound what is kept or handled at once (cut short, or waiting), instead of refusing input. */
const BOUNDED_NOT_REFUSED = new Set(['sessionValueBytes', 'mcpRequestsInFlight', 'mcpRequestBytesInFlight']);

/** A value as the doc writes it: sizes in MiB or GiB, counts with thousands separators. */
function shown(key: string, value: number): string {
  if (!/Bytes/.test(key)) return value.toLocaleString('en-US');
  if (value % 1024 ** 3 === 0) return `${value / 1024 ** 3} GiB`;
  return value % 1024 ** 2 === 0 ? `${value / 1024 ** 2} MiB` : `${value / 1024} KiB`;
}

test('docs/limits.md lists every limit with its value and LIMIT_EXCEEDED', async () => {
  const rows = new Map(
    (await readFile(DOC, 'utf8'))
      .split('\n')
      .filter((line) => line.startsWith('| '))
      .map((line) => {
        const cells = line.split(' | ');
        return [cells[0]!.slice(2), cells.slice(1).join(' | ')] as const;
      }),
  );
  assert.deepEqual(Object.keys(ROWS).sort(), Object.keys(Limits).sort(), 'every limit has a row name here');
  for (const [key, value] of Object.entries(Limits)) {
    const row = rows.get(ROWS[key as keyof typeof Limits]);
    assert.ok(row, `docs/limits.md has no row "${ROWS[key as keyof typeof Limits]}"`);
    if (!BOUNDED_NOT_REFUSED.has(key)) assert.match(row, /LIMIT_EXCEEDED/, key);
    const values = typeof value === 'number' ? { [key]: value } : value;
    for (const [name, amount] of Object.entries(values)) {
      const expected = shown(key, amount);
      assert.ok(
        row.includes(typeof value === 'number' ? expected : `${name}s ${expected}`) ||
          (row.includes(`${name}s and`) && row.includes(expected)),
        `${key}${typeof value === 'number' ? '' : `.${name}`}: "${expected}" is not in "${row}"`,
      );
    }
  }
});

test('docs/limits.md names the error codes of files named from outside', async () => {
  const doc = await readFile(DOC, 'utf8');
  for (const code of ['LIMIT_EXCEEDED', 'INVALID_PACKAGE', 'INVALID_INPUT', 'TOO_MANY_OPEN_FILES', 'PATH_NOT_ALLOWED', 'INVALID_JSON']) {
    assert.ok(doc.includes(`\`${code}\``), code);
  }
});

test('the docs show the truncation marker as the code writes it', async () => {
  const shown = truncationMarker(15728640);
  assert.match(shown, TRUNCATION_MARKER_PATTERN);
  for (const name of ['limits.md', 'mcp.md', 'sessions.md']) {
    assert.ok(
      (await readFile(path.join(path.dirname(DOC), name), 'utf8')).includes(truncationMarker(0).replace('0', 'N')),
      `${name} shows the marker`,
    );
  }
  assert.ok((await readFile(DOC, 'utf8')).includes(shown));
});
