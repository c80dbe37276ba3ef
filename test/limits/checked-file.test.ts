import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { isEpError } from '../../src/kernel/errors.js';
import { digestCheckedFile, readCheckedFile, readCheckedFileSync, type CheckedFileOptions } from '../../src/limits/checked-file.js';
import { jsonSyntaxProblem, parseJsonText } from '../../src/limits/json-text.js';

let dir: string;
before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ep-checked-file-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

const PACKAGE: CheckedFileOptions = { what: 'Package file', maxBytes: 1024, notRegularCode: 'INVALID_PACKAGE' };
const codeOf = async (work: () => unknown): Promise<string | undefined> => {
  try {
    await work();
    return undefined;
  } catch (error) {
    return isEpError(error) ? error.code : (error as NodeJS.ErrnoException).code;
  }
};

test('any regular file within the limit reads back byte for byte, sync, async and as a digest', async () => {
  await fc.assert(
    fc.asyncProperty(fc.uint8Array({ maxLength: 1024 }), async (bytes) => {
      const file = path.join(dir, 'bytes');
      await writeFile(file, bytes);
      assert.deepEqual(new Uint8Array(await readCheckedFile(file, PACKAGE)), bytes);
      assert.deepEqual(new Uint8Array(readCheckedFileSync(file, PACKAGE)), bytes);
      assert.equal(await digestCheckedFile(file, PACKAGE), createHash('sha256').update(bytes).digest('hex'));
    }),
    { numRuns: 50 },
  );
});

test("devices, FIFOs, directories and sockets are refused at once with the caller's code, never read", async () => {
  const fifo = path.join(dir, 'pipe');
  execFileSync('mkfifo', [fifo]);
  const socketPath = path.join(dir, 'socket');
  const server = net.createServer().listen(socketPath);
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    for (const file of [fifo, '/dev/zero', '/dev/urandom', dir, socketPath]) {
      assert.equal(await codeOf(() => readCheckedFile(file, PACKAGE)), 'INVALID_PACKAGE', file);
      assert.equal(await codeOf(() => digestCheckedFile(file, PACKAGE)), 'INVALID_PACKAGE', file);
      assert.equal(await codeOf(() => readCheckedFileSync(file, { what: 'x', maxBytes: 10 })), 'INVALID_INPUT', file);
    }
    // A symbolic link is followed: what it names is what is checked.
    await symlink('/dev/zero', path.join(dir, 'zero-link'));
    assert.equal(await codeOf(() => readCheckedFile(path.join(dir, 'zero-link'), PACKAGE)), 'INVALID_PACKAGE');
  } finally {
    server.close();
  }
});

test("a file over the limit is LIMIT_EXCEEDED before it is read; a missing one is Node's ENOENT", async () => {
  const file = path.join(dir, 'big');
  await writeFile(file, Buffer.alloc(1025));
  for (const read of [readCheckedFile, digestCheckedFile, readCheckedFileSync]) {
    assert.equal(await codeOf(() => read(file, PACKAGE)), 'LIMIT_EXCEEDED');
    assert.equal(await codeOf(() => read(path.join(dir, 'missing'), PACKAGE)), 'ENOENT');
  }
});

test('a JSON syntax error says what and where, never the text itself', () => {
  const secret = 'root:$6$secretHASH:19000:0:99999:7:::';
  for (const text of [secret, `{"a": ${secret}}`, `[1,\n2,\n${secret}]`, `{"${secret}" 1}`, `"${secret}`, `{"a":1}${secret}`]) {
    let message = '';
    try {
      parseJsonText(text, 'The ep config');
    } catch (error) {
      message = (error as Error).message;
    }
    assert.match(message, /^The ep config is not valid JSON: /, text);
    for (const piece of ['root', 'secret', '$6$', '19000']) assert.ok(!message.includes(piece), `${message} quotes the text`);
  }
  assert.equal(
    jsonSyntaxProblem(new SyntaxError("Expected ',' or '}' after property value in JSON at position 9"), '{"a": 1\n "b"}'),
    "Expected ',' or '}' after property value at line 2, column 2",
  );
});
