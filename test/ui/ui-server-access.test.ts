import assert from 'node:assert/strict';
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createEp, type Ep } from '../../src/api/ep.js';
import { tokenMatches } from '../../src/ui/server/access-token.js';
import { startUiServer, type UiServer } from '../../src/ui/server/ui-server.js';

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** One request over real HTTP on loopback, with whatever headers a hostile page or client might send. */
function send(port: number, options: { path?: string; method?: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request(
      { host: '127.0.0.1', port, path: options.path ?? '/', method: options.method ?? 'GET', headers: options.headers },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    sent.on('error', reject);
    sent.end(options.body);
  });
}

describe('the UI server lets in only its own page holding the token', () => {
  let dir: string;
  let ep: Ep;
  let server: UiServer;
  let token: string;
  let cookie: string;
  let own: string;

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ep-ui-access-'));
    ep = await createEp({ cwd: dir, env: { EP_HOME: path.join(dir, 'home') } });
    server = await startUiServer(ep);
    token = new URL(server.url).searchParams.get('token')!;
    cookie = `ep_ui_${server.port}=${token}`;
    own = `127.0.0.1:${server.port}`;
  });

  after(async () => {
    await server.close();
    await ep.shutdown();
    await rm(dir, { recursive: true, force: true });
  });

  it('prints an address on loopback whose token is 32 random bytes', () => {
    assert.match(server.url, new RegExp(`^http://127\\.0\\.0\\.1:${server.port}/\\?token=[A-Za-z0-9_-]{43}$`));
  });

  it('refuses a request without the token, or with a wrong one, with 401', async () => {
    assert.equal((await send(server.port, {})).status, 401);
    assert.equal((await send(server.port, { path: '/?token=not-the-token' })).status, 401);
    assert.equal((await send(server.port, { path: '/api/sessions', headers: { Cookie: `ep_ui_${server.port}=${token}x` } })).status, 401);
  });

  it('trades the token in the address for an HttpOnly, SameSite=Strict cookie and drops it from the address', async () => {
    const answer = await send(server.port, { path: `/?token=${token}` });
    assert.equal(answer.status, 303);
    assert.equal(answer.headers.location, '/');
    assert.deepEqual(answer.headers['set-cookie'], [`${cookie}; HttpOnly; SameSite=Strict; Path=/`]);
  });

  it('serves the page with the cookie, under a strict Content-Security-Policy and without referrers or sniffing', async () => {
    const answer = await send(server.port, { headers: { Cookie: cookie } });
    assert.equal(answer.status, 200);
    assert.match(answer.body, /<script type="module" src="\/assets\/app.js"><\/script>/);
    assert.match(String(answer.headers['content-security-policy']), /default-src 'none'; script-src 'self';/);
    assert.doesNotMatch(String(answer.headers['content-security-policy']), /unsafe-inline|unsafe-eval/);
    assert.equal(answer.headers['x-content-type-options'], 'nosniff');
    assert.equal(answer.headers['referrer-policy'], 'no-referrer');
  });

  it('answers 421 to a Host that does not name it (DNS rebinding), even with the token', async () => {
    for (const host of ['rebind.example', `rebind.example:${server.port}`, `127.0.0.1:${server.port + 1}`]) {
      const answer = await send(server.port, { path: `/api/sessions?token=${token}`, headers: { Host: host } });
      assert.equal(answer.status, 421, host);
    }
    assert.equal(
      (await send(server.port, { path: '/api/sessions', headers: { Host: `localhost:${server.port}`, Cookie: cookie } })).status,
      200,
    );
  });

  it('refuses a POST whose Origin is missing or another site with 403, and serves its own page', async () => {
    const post = (headers: Record<string, string>) =>
      send(server.port, {
        path: '/api/request',
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/json', ...headers },
        body: '{"purpose":"plan"}',
      });
    assert.equal((await post({})).status, 403);
    assert.equal((await post({ Origin: 'http://rebind.example' })).status, 403);
    assert.equal((await post({ Origin: 'null' })).status, 403);
    const answer = await post({ Origin: `http://${own}` });
    assert.equal(answer.status, 200, answer.body);
    assert.equal(JSON.parse(answer.body).status, 'ok');
  });

  it('takes a request body only as application/json (a form from another page cannot send one)', async () => {
    const answer = await send(server.port, {
      path: '/api/request',
      method: 'POST',
      headers: { Cookie: cookie, Origin: `http://${own}`, 'Content-Type': 'text/plain' },
      body: '{"purpose":"plan"}',
    });
    assert.equal(answer.status, 400);
    assert.equal(JSON.parse(answer.body).error.code, 'UI_BAD_REQUEST');
  });

  it('reads only the packages it lists, whatever path a request names', async () => {
    const answer = await send(server.port, { path: `/api/records?path=${encodeURIComponent('/etc/passwd')}`, headers: { Cookie: cookie } });
    assert.equal(answer.status, 404);
    assert.equal(JSON.parse(answer.body).error.code, 'UI_PACKAGE_NOT_LISTED');
  });

  it('refuses to listen on an address other machines reach unless told to', async () => {
    await assert.rejects(startUiServer(ep, { host: '0.0.0.0' }), { code: 'UI_HOST_NOT_LOOPBACK' });
  });
});

describe('tokenMatches', () => {
  it('accepts the token only, whatever the length of what is given', () => {
    assert.equal(tokenMatches('abc', 'abc'), true);
    assert.equal(tokenMatches('abc', 'abd'), false);
    assert.equal(tokenMatches('abc', 'abcd'), false);
    assert.equal(tokenMatches('abc', ''), false);
    assert.equal(tokenMatches('abc', undefined), false);
  });
});
