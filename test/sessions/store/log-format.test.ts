import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { foldRecords, parseLog, serializeRecord } from '../../../src/sessions/store/log-format.js';
import type { LogRecord } from '../../../src/sessions/call-node.js';

const node = (seq: number, extra: object = {}): LogRecord => ({
  id: `c_${seq}`,
  kind: 'call',
  name: `step\n${seq}`,
  seq,
  turn: 't',
  caller: null,
  predecessor: null,
  input: { text: 'line one\nline "two"' },
  status: 'running',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

describe('the session log format', () => {
  it('folds updates into nodes', () => {
    const text = [node(1), node(2), { id: 'c_1', status: 'completed', output: 'done' } as LogRecord].map(serializeRecord).join('');
    const nodes = foldRecords(parseLog(text).records);
    assert.deepEqual(
      nodes.map((n) => [n.id, n.status, n.output]),
      [
        ['c_1', 'completed', 'done'],
        ['c_2', 'running', undefined],
      ],
    );
  });

  it('loses no complete line when the file is cut at any byte (a crash mid-write)', () => {
    const lines = Array.from({ length: 6 }, (_, i) => serializeRecord(node(i + 1)));
    const text = lines.join('');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: text.length }), (cut) => {
        const kept = text.slice(0, cut);
        const complete = lines.filter((_, i) => lines.slice(0, i + 1).join('').length <= cut).length;
        const parsed = parseLog(kept);
        assert.equal(parsed.records.length, complete);
        assert.equal(parsed.skippedLines, 0);
      }),
    );
  });

  it('skips a damaged line in the middle and keeps the rest', () => {
    const text = `${serializeRecord(node(1))}{"id":\n${serializeRecord(node(2))}`;
    const parsed = parseLog(text);
    assert.equal(parsed.records.length, 2);
    assert.equal(parsed.skippedLines, 1);
  });
});
