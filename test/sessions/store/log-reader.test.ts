import assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { serializeRecord } from '../../../src/sessions/store/log-format.js';
import { LogReader } from '../../../src/sessions/store/log-reader.js';
import type { LogRecord } from '../../../src/sessions/call-node.js';

const record = (id: string): LogRecord => ({
  id,
  kind: 'call',
  name: 'step',
  seq: 1,
  turn: 't',
  caller: null,
  predecessor: null,
  input: { id },
  status: 'running',
  createdAt: '2026-01-01T00:00:00.000Z',
});
const ids = (records: readonly LogRecord[]) => records.map((r) => r.id);

function tempLog(): string {
  return path.join(mkdtempSync(path.join(tmpdir(), 'ep-log-reader-')), 'nodes.jsonl');
}

describe('LogReader', () => {
  it('reads what was appended since the last read, and a torn last line only once it is whole', async () => {
    const file = tempLog();
    const reader = new LogReader(file);
    assert.deepEqual(await reader.records(), []);
    writeFileSync(file, serializeRecord(record('c_first_record_of_the_log')));
    assert.deepEqual(ids(await reader.records()), ['c_first_record_of_the_log']);
    const torn = serializeRecord(record('c_2'));
    appendFileSync(file, torn.slice(0, 20));
    assert.deepEqual(ids(await reader.records()), ['c_first_record_of_the_log']);
    appendFileSync(file, torn.slice(20) + serializeRecord(record('c_3')));
    assert.deepEqual(ids(await reader.records()), ['c_first_record_of_the_log', 'c_2', 'c_3']);
  });

  it('reads a log that was replaced from the beginning', async () => {
    const file = tempLog();
    const reader = new LogReader(file);
    writeFileSync(file, serializeRecord(record('c_old_one')) + serializeRecord(record('c_old_two')));
    assert.deepEqual(ids(await reader.records()), ['c_old_one', 'c_old_two']);
    rmSync(file);
    assert.deepEqual(await reader.records(), []);
    writeFileSync(
      file,
      serializeRecord(record('c_new_one')) + serializeRecord(record('c_new_two')) + serializeRecord(record('c_new_three')),
    );
    assert.deepEqual(ids(await reader.records()), ['c_new_one', 'c_new_two', 'c_new_three']);
  });

  it('notices a log rewritten in place with other records of a greater size', async () => {
    const file = tempLog();
    const reader = new LogReader(file);
    writeFileSync(file, serializeRecord(record('c_aaaaaaaaaaaaaaaa')));
    await reader.records();
    writeFileSync(file, serializeRecord(record('c_bbbbbbbbbbbbbbbb')) + serializeRecord(record('c_cccccccccccccccc')));
    assert.deepEqual(ids(await reader.records()), ['c_bbbbbbbbbbbbbbbb', 'c_cccccccccccccccc']);
  });
});
