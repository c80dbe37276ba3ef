import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { BoundedStdioTransport, type TransportBounds } from '../../src/mcp/bounded-stdio-transport.js';
import { pythonJsonDumps } from '../../src/storage/json/python-json-writer.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));
const request = (id: number | string, method = 'ping') => `${JSON.stringify({ jsonrpc: '2.0', id, method })}\n`;
const cancel = (id: number) => `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id } })}\n`;
const answer = (id: number | string) => ({ jsonrpc: '2.0', id, result: {} }) as JSONRPCMessage;
const idsOf = (messages: readonly unknown[]) => messages.map((message) => (message as { id?: unknown }).id);

/** A transport over in-memory streams; the output is read only when the test reads it. */
async function connect(bounds: Partial<TransportBounds> = {}, outputHighWaterMark = 16 * 1024) {
  const input = new PassThrough();
  const output = new PassThrough({ highWaterMark: outputHighWaterMark });
  const transport = new BoundedStdioTransport(input, output, { maxLineBytes: 1024, ...bounds });
  const received: JSONRPCMessage[] = [];
  let closed = false;
  transport.onmessage = (message) => received.push(message);
  transport.onclose = () => {
    closed = true;
  };
  await transport.start();
  const replies = () =>
    String(output.read() ?? '')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  return { input, output, transport, received, replies, closed: () => closed };
}

test('a message split across chunks arrives whole', async () => {
  const { input, received } = await connect();
  input.write('{"jsonrpc":"2.0","id":1,');
  input.write('"method":"ping"}\n');
  await tick();
  assert.deepEqual(received, [{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
});

test('an oversized line is answered LIMIT_EXCEEDED under its id, and the next message still arrives', async () => {
  const { input, received, replies } = await connect();
  const big = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"x":"${'a'.repeat(5000)}"}}\n`;
  for (const chunk of [big.slice(0, 3000), big.slice(3000), request(8)]) input.write(chunk);
  await tick();
  const [reply] = replies();
  assert.equal(reply.id, 7);
  assert.match(reply.error.message, /^LIMIT_EXCEEDED/);
  assert.deepEqual(idsOf(received), [8]);
});

test('lines that are not JSON or not UTF-8 get a parse error, never silence', async () => {
  const { input, received, replies } = await connect();
  for (const chunk of ['not json\n', Buffer.from([0x7b, 0xff, 0x7d, 0x0a]), '{"jsonrpc":"2.0","id":"a","method":[]}\n']) input.write(chunk);
  await tick();
  assert.equal(received.length, 0);
  assert.deepEqual(
    replies().map((reply) => [reply.id, reply.error.code]),
    [
      [null, -32700],
      [null, -32700],
      ['a', -32700],
    ],
  );
});

test('no more requests are handed on than may be in progress; input pauses until one is answered', async () => {
  const { input, transport, received } = await connect({ requestsInFlight: 2 });
  input.write([1, 2, 3, 4, 5].map((id) => request(id)).join(''));
  await tick();
  assert.deepEqual(idsOf(received), [1, 2]);
  assert.equal(input.isPaused(), true);
  await transport.send(answer(1));
  assert.deepEqual(idsOf(received), [1, 2, 3]);
  for (const id of [2, 3, 4]) await transport.send(answer(id));
  assert.deepEqual(idsOf(received), [1, 2, 3, 4, 5]);
  assert.equal(input.isPaused(), false);
});

test('requests in progress are bounded in bytes too; one larger than the bound runs alone', async () => {
  const { input, transport, received } = await connect({ requestsInFlight: 10, requestBytesInFlight: 60 });
  const padded = (id: number, size: number) =>
    `${JSON.stringify({ jsonrpc: '2.0', id, method: 'ping', params: { pad: 'x'.repeat(size) } })}\n`;
  input.write(padded(1, 100) + padded(2, 1) + padded(3, 1));
  await tick();
  assert.deepEqual(idsOf(received), [1]);
  await transport.send(answer(1));
  assert.deepEqual(idsOf(received), [1, 2], 'two of about 50 bytes do not fit in 60');
});

test('while the output is backed up nothing more is read; once it drains, everything is answered', async () => {
  const { input, output, transport, received } = await connect({ requestsInFlight: 2 }, 8);
  transport.onmessage = (message) => {
    received.push(message);
    setImmediate(() => void transport.send(answer((message as { id: number }).id)));
  };
  input.write(Array.from({ length: 20 }, (_, i) => request(i + 1)).join(''));
  for (let i = 0; i < 5; i += 1) await tick();
  assert.ok(received.length <= 3, `${received.length} handed on while nobody read the answers`);
  assert.equal(input.isPaused(), true);
  const answered: number[] = [];
  output.on('data', (chunk: Buffer) =>
    answered.push(
      ...String(chunk)
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line).id),
    ),
  );
  for (let i = 0; i < 100 && answered.length < 20; i += 1) await tick();
  assert.deepEqual(
    answered,
    Array.from({ length: 20 }, (_, i) => i + 1),
  );
});

test('a request cancelled in progress keeps its place until it ends, and its answer is withheld', async () => {
  const { input, transport, received, replies } = await connect({ requestsInFlight: 1 });
  input.write(request(1));
  await tick();
  input.write(cancel(1) + request(2));
  await tick();
  assert.deepEqual(idsOf(received), [1], 'the cancellation is settled by the transport, request 2 waits');
  await transport.send(answer(1));
  assert.deepEqual(idsOf(received), [1, 2]);
  await transport.send(answer(2));
  assert.deepEqual(idsOf(replies()), [2]);
});

test('a request cancelled while it waits is never handed on', async () => {
  const { input, transport, received } = await connect({ requestsInFlight: 1 });
  input.write(request(1) + request(2) + cancel(2) + request(3));
  await tick();
  await transport.send(answer(1));
  assert.deepEqual(idsOf(received), [1, 3]);
});

test('input stays paused while requests wait, so what the client writes next stays unread', async () => {
  const { input, received } = await connect({ requestsInFlight: 1 });
  input.write(request(1) + request(2));
  await tick();
  input.write(request(3));
  await tick();
  assert.deepEqual(idsOf(received), [1]);
  assert.ok(input.readableLength > 0, 'the next line waits in the stream');
});

test('while the server waits for the client, its answer is read past the requests that wait', async () => {
  const { input, transport, received } = await connect({ requestsInFlight: 2 });
  input.write(request(1) + request(2) + request(3));
  await tick();
  await transport.send({ jsonrpc: '2.0', id: 'server-1', method: 'roots/list' });
  input.write(`${JSON.stringify({ jsonrpc: '2.0', id: 'server-1', result: { roots: [] } })}\n`);
  await tick();
  assert.deepEqual(idsOf(received), [1, 2, 'server-1'], 'request 3 still waits');
});

test('when the client closes its end, what was read is answered before the connection closes', async () => {
  const { input, transport, received, replies, closed } = await connect({ requestsInFlight: 1 });
  input.end(request(1) + request(2));
  await tick();
  await transport.send(answer(1));
  assert.equal(closed(), false);
  assert.deepEqual(idsOf(received), [1, 2]);
  await transport.send(answer(2));
  assert.equal(closed(), true);
  assert.deepEqual(idsOf(replies()), [1, 2]);
});

test('a broken output closes the connection instead of waiting for a drain that never comes', async () => {
  const { output, closed } = await connect();
  output.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
  assert.equal(closed(), true);
});

test('a record in the arguments keeps its numbers as Python wrote them', async () => {
  const record = '{"key": "n", "one": 1.0, "big": 9007199254740993, "nan": NaN, "inf": Infinity}';
  const { input, received } = await connect();
  input.write(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","arguments":{"record":${record}}}}\n`);
  await tick();
  const sent = (received[0] as unknown as { params: { arguments: { record: never } } }).params.arguments.record;
  assert.equal(pythonJsonDumps(sent), '{\n  "big": 9007199254740993,\n  "inf": Infinity,\n  "key": "n",\n  "nan": NaN,\n  "one": 1.0\n}\n');
});

test('a message goes out as strict JSON: numbers in their exact form, non-finite ones as null', async () => {
  const { input, received } = await connect();
  input.write(`{"jsonrpc":"2.0","id":1,"method":"m","params":{"r":{"one":1.0,"big":9007199254740993,"nan":NaN}}}\n`);
  await tick();
  const messages = received;
  const output = new PassThrough();
  const transport = new BoundedStdioTransport(new PassThrough(), output);
  await transport.send({ jsonrpc: '2.0', id: 1, result: (messages[0] as { params: unknown }).params } as unknown as JSONRPCMessage);
  const line = String(output.read());
  assert.equal(line, '{"jsonrpc":"2.0","id":1,"result":{"r":{"one":1.0,"big":9007199254740993,"nan":null}}}\n');
  assert.doesNotThrow(() => JSON.parse(line));
});

test('a request answered while it is handed on is handed on once, however many wait behind it', async () => {
  const { input, output, transport, received } = await connect({ requestsInFlight: 8 });
  output.resume();
  // The SDK answers an unknown method synchronously, from inside onmessage: the answer's send must not
  // hand the same waiting frame on again (that recursed until the stack ran out).
  transport.onmessage = (message) => {
    received.push(message);
    void transport.send(answer((message as { id: number }).id));
  };
  input.write(Array.from({ length: 3000 }, (_, i) => request(i + 1)).join(''));
  for (let i = 0; i < 20 && received.length < 3000; i += 1) await tick();
  assert.deepEqual(
    idsOf(received),
    Array.from({ length: 3000 }, (_, i) => i + 1),
  );
});
