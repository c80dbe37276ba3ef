import assert from 'node:assert/strict';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { McpPathScope } from '../../src/mcp/client-roots.js';

/** A server and a real SDK client over an in-memory pair; `roots` undefined: the client declares no roots. */
async function connect(roots: { current: string[] } | undefined) {
  const server = new Server({ name: 'ep', version: '0' }, { capabilities: { tools: {} } });
  const client = new Client({ name: 'test', version: '0' }, roots ? { capabilities: { roots: { listChanged: true } } } : {});
  let asked = 0;
  if (roots) {
    client.setRequestHandler(ListRootsRequestSchema, async () => {
      asked += 1;
      return { roots: [...roots.current.map((dir) => ({ uri: pathToFileURL(dir).href })), { uri: 'file://other-host/share' }] };
    });
  }
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  const scope = new McpPathScope(server, ['/srv/project']);
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return { scope, client, server, asked: () => asked };
}

test("the roots are the fixed ones plus the client's roots on this machine, asked again when they change", async () => {
  const dir = await realpath(await mkdtemp(path.join(tmpdir(), 'ep-roots-')));
  try {
    const roots = { current: [path.join(dir, 'a')] };
    const { scope, client, server, asked } = await connect(roots);
    assert.deepEqual(await scope.roots(), ['/srv/project', path.join(dir, 'a')]);
    await scope.roots();
    assert.equal(asked(), 1, 'asked once while they stay the same');
    roots.current = [path.join(dir, 'b')];
    await client.sendRootsListChanged();
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(await scope.roots(), ['/srv/project', path.join(dir, 'b')]);
    assert.equal(asked(), 2);
    await Promise.all([client.close(), server.close()]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a client without roots leaves the fixed roots only', async () => {
  const { scope, client, server } = await connect(undefined);
  assert.deepEqual(await scope.roots(), ['/srv/project']);
  assert.equal(scope.refuse('x.ep', ['/srv/project']).code, 'PATH_NOT_ALLOWED');
  await Promise.all([client.close(), server.close()]);
});
