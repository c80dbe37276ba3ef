import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { isEpError } from '../../src/kernel/errors.js';
import { decodeJsonBytes, JsonTextError, parseJsonText, readJsonFile } from '../../src/limits/json-text.js';
import { Limits } from '../../src/limits/limits.js';
import { pythonJsonDumps } from '../../src/storage/json/python-json-writer.js';

let dir: string;
before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ep-json-text-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (error) {
    return isEpError(error) ? error.code : error instanceof JsonTextError ? 'JSON_TEXT' : 'OTHER';
  }
};

test('any JSON value within the depth limit parses to itself', () => {
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 10 }), (value) => {
      assert.deepEqual(parseJsonText(JSON.stringify(value), 'x'), JSON.parse(JSON.stringify(value)));
    }),
  );
});

test('JSON input is read as Python reads it: NaN and Infinity accepted, 1.0 and large integers kept', () => {
  const text = '{"a": 1.0, "b": 9007199254740993, "c": [NaN, -Infinity, 1e16]}';
  assert.equal(
    pythonJsonDumps(parseJsonText(text, 'x') as never),
    '{\n  "a": 1.0,\n  "b": 9007199254740993,\n  "c": [\n    NaN,\n    -Infinity,\n    1e+16\n  ]\n}\n',
  );
});

test('nesting one level past the limit is LIMIT_EXCEEDED, at the limit it parses', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  assert.equal(
    codeOf(() => parseJsonText(nested(Limits.nestingDepth), 'x')),
    undefined,
  );
  assert.equal(
    codeOf(() => parseJsonText(nested(Limits.nestingDepth + 1), 'x')),
    'LIMIT_EXCEEDED',
  );
});

test('bytes that are not UTF-8 are refused rather than replaced', () => {
  fc.assert(
    fc.property(fc.constantFrom([0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xc3]), fc.string(), (bad, text) => {
      const bytes = Buffer.concat([Buffer.from(`"${text}`), Buffer.from(bad), Buffer.from('"')]);
      assert.equal(
        codeOf(() => decodeJsonBytes(bytes, 'x')),
        'JSON_TEXT',
      );
    }),
  );
});

test('a named pipe or a device is refused without blocking or reading forever', async () => {
  const fifo = path.join(dir, 'pipe');
  execFileSync('mkfifo', [fifo]);
  for (const file of [fifo, '/dev/zero', dir]) {
    await assert.rejects(readJsonFile(file, 'x'), (error: unknown) => isEpError(error) && error.code === 'INVALID_INPUT');
  }
});

test('a file over the input limit is LIMIT_EXCEEDED', async () => {
  const file = path.join(dir, 'big.json');
  await writeFile(file, Buffer.alloc(Limits.jsonInputBytes + 1, 0x20));
  await assert.rejects(readJsonFile(file, 'x'), (error: unknown) => isEpError(error) && error.code === 'LIMIT_EXCEEDED');
});
