import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { it } from 'node:test';
import { Limits } from '../../src/limits/limits.js';
import { truncationMarker, TRUNCATION_MARKER_PATTERN } from '../../src/session/recorded-value.js';

// This file runs from dist/test/limits/.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const doc = (name: string) => readFile(path.join(ROOT, 'docs', name), 'utf8');
const binary = (bytes: number) => (bytes % 1024 ** 2 === 0 ? `${bytes / 1024 ** 2} MiB` : `${bytes / 1024} KiB`);

it('docs/limits.md states the session and MCP bounds with the values in Limits', async () => {
  const text = await doc('limits.md');
  const row = (name: string) => text.split('\n').find((line) => line.startsWith('|') && line.includes(`\`${name}\``)) ?? '';
  assert.ok(row('sessionValueBytes').includes(binary(Limits.sessionValueBytes)), row('sessionValueBytes'));
  assert.ok(row('mcpRequestsInFlight').includes(`${Limits.mcpRequestsInFlight} requests`), row('mcpRequestsInFlight'));
  assert.ok(row('mcpRequestBytesInFlight').includes(binary(Limits.mcpRequestBytesInFlight)), row('mcpRequestBytesInFlight'));
});

it('the docs show the truncation marker as the code writes it', async () => {
  const shown = truncationMarker(15728640);
  assert.match(shown, TRUNCATION_MARKER_PATTERN);
  for (const name of ['limits.md', 'mcp.md', 'sessions.md']) {
    assert.ok((await doc(name)).includes(truncationMarker(0).replace('0', 'N')), `${name} shows the marker`);
  }
  assert.ok((await doc('limits.md')).includes(shown));
});
