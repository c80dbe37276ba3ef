import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { readRecordsFile } from '../../src/records/read-records-file.js';
import { pythonJsonDumps } from '../../src/storage/json/python-json-writer.js';

const RECORD = '{"key": "n", "one": 1.0, "zero": -0.0, "big": 9007199254740993, "nan": NaN, "inf": -Infinity, "long": 100000000000000.007}';
const AS_PYTHON_WRITES_IT =
  '{\n  "big": 9007199254740993,\n  "inf": -Infinity,\n  "key": "n",\n  "long": 100000000000000.0,' +
  '\n  "nan": NaN,\n  "one": 1.0,\n  "zero": -0.0\n}\n';

describe('readRecordsFile', () => {
  let dir = '';
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ep-records-file-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  for (const [format, text] of [
    ['a JSON array', `[${RECORD}, {"key": "m"}]`],
    ['JSON Lines', `${RECORD}\n{"key": "m"}\n`],
  ] as const) {
    it(`reads numbers in ${format} as Python's json.loads does`, async () => {
      const file = path.join(dir, `${format.replace(/ /g, '-')}.json`);
      await writeFile(file, text);
      const [record] = await readRecordsFile(file);
      assert.equal(pythonJsonDumps(record!), AS_PYTHON_WRITES_IT);
    });
  }
});
