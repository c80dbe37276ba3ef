import assert from 'node:assert/strict';
import { test } from 'node:test';
import { recordToWrite } from '../../../src/context/active/record-input.js';
import { pythonJsonDumps } from '../../../src/storage/json/python-json-writer.js';
import { parseJsonPreservingNumbers } from '../../../src/storage/json/record-json-parser.js';

test('a key filled in by --key keeps the record numbers in their Python form', () => {
  const record = recordToWrite(parseJsonPreservingNumbers('{"one": 1.0, "big": 9007199254740993}'), 'key', 'note.n');
  assert.equal(pythonJsonDumps(record), '{\n  "big": 9007199254740993,\n  "key": "note.n",\n  "one": 1.0\n}\n');
});
