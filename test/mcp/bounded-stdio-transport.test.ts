import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { BoundedStdioTransport } from '../../src/mcp/bounded-stdio-transport.js';

async function exchange(frames: (string | Buffer)[], maxLineBytes = 1024) {
  const input = new PassThrough();
  const output = new PassThrough();
  const transport = new BoundedStdioTransport(input, output, { maxLineBytes });
  const messages: unknown[] = [];
  transport.onmessage = (message) => messages.push(message);
  await transport.start();
  for (const frame of frames) input.write(frame);
  await new Promise((resolve) => setImmediate(resolve));
  const replies = String(output.read() ?? '').split('\n').filter(Boolean).map((line) => JSON.parse(line));
  await transport.close();
  return { messages, replies };
}

test('a message split across chunks arrives whole', async () => {
  const { messages } = await exchange(['{"jsonrpc":"2.0","id":1,', '"method":"ping"}\n']);
  assert.deepEqual(messages, [{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
});

test('an oversized line is answered LIMIT_EXCEEDED under its id, and the next message still arrives', async () => {
  const big = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"x":"${'a'.repeat(5000)}"}}\n`;
  const { messages, replies } = await exchange([big.slice(0, 3000), big.slice(3000), '{"jsonrpc":"2.0","id":8,"method":"ping"}\n']);
  assert.equal(replies[0].id, 7);
  assert.match(replies[0].error.message, /^LIMIT_EXCEEDED/);
  assert.deepEqual(messages, [{ jsonrpc: '2.0', id: 8, method: 'ping' }]);
});

test('lines that are not JSON or not UTF-8 get a parse error, never silence', async () => {
  const { messages, replies } = await exchange(['not json\n', Buffer.from([0x7b, 0xff, 0x7d, 0x0a]), '{"jsonrpc":"2.0","id":"a","method":[]}\n']);
  assert.equal(messages.length, 0);
  assert.deepEqual(replies.map((reply) => [reply.id, reply.error.code]), [[null, -32700], [null, -32700], ['a', -32700]]);
});
