import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Ep } from '../../api/ep.js';
import { errorEnvelope } from '../../envelope/envelope.js';
import { EpError, ExitCode } from '../../kernel/errors.js';
import { newAccessToken } from './access-token.js';
import { apiRoutes, findRoute } from './json-api.js';
import { isLoopbackHost, serverHosts, urlHost } from './loopback.js';
import { readJsonBody } from './request-body.js';
import { refusalOf, type GuardSettings } from './request-guard.js';
import { setSecurityHeaders } from './security-headers.js';
import { streamSession } from './session-events.js';
import { readAsset } from './static-assets.js';

export interface UiServerOptions {
  /** Default 127.0.0.1. Anything but a loopback address needs `allowRemote`. */
  readonly host?: string;
  /** Default 0: a free port. */
  readonly port?: number;
  readonly allowRemote?: boolean;
  /** Packages to show besides the active ones. */
  readonly paths?: readonly string[];
  /** The token to require (default: a fresh random one). */
  readonly token?: string;
}

export interface UiServer {
  /** The page's address, carrying the access token. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  /** True when the host is not a loopback address (`allowRemote`). */
  readonly remote: boolean;
  /** Stops accepting requests and ends open connections (live session streams included). */
  close(): Promise<void>;
}

/** Serves the page and its read-only JSON API over `ep` on `node:http`. */
export async function startUiServer(ep: Ep, options: UiServerOptions = {}): Promise<UiServer> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackHost(host) && options.allowRemote !== true) {
    throw new EpError('UI_HOST_NOT_LOOPBACK', `${host} is not a loopback address; the UI serves loopback only unless told otherwise.`, {
      exitCode: ExitCode.usage,
      details: { host },
      suggestion: 'Leave --host out (127.0.0.1), or add --allow-remote if other machines may reach it.',
    });
  }
  const token = options.token ?? newAccessToken();
  const routes = apiRoutes(ep, options.paths ?? []);
  const server = createServer();

  async function handle(settings: GuardSettings, request: IncomingMessage, response: ServerResponse): Promise<void> {
    setSecurityHeaders(response);
    const url = new URL(request.url ?? '/', 'http://ep-ui.invalid');
    const refusal = refusalOf(request, url, settings);
    if (refusal) return sendText(response, refusal.status, refusal.message);
    if (url.searchParams.has('token')) {
      // The token moves into a cookie the page's script cannot read, and out of the address bar and history.
      url.searchParams.delete('token');
      response.setHeader('Set-Cookie', `${settings.cookieName}=${token}; HttpOnly; SameSite=Strict; Path=/`);
      response.writeHead(303, { Location: `${url.pathname}${url.search}` }).end();
      return;
    }
    const method = request.method ?? 'GET';
    const events = /^\/api\/sessions\/([^/]+)\/events$/.exec(url.pathname);
    if (events && method === 'GET') return streamSession(ep, decodeURIComponent(events[1]!), request, response);
    if (url.pathname.startsWith('/api/')) {
      const found = findRoute(routes, method, url.pathname);
      if (!found)
        return sendJson(response, 404, { status: 'error', error: { code: 'UI_NO_ROUTE', message: `No ${method} ${url.pathname}.` } });
      const body = method === 'POST' ? await readJsonBody(request) : undefined;
      const data = await found.route.handle({ query: url.searchParams, params: found.params, body });
      return sendJson(response, 200, { status: 'ok', data, warnings: [] });
    }
    if (method !== 'GET' && method !== 'HEAD') return sendText(response, 405, `${method} is not served here.`);
    const asset = await readAsset(url.pathname);
    if (!asset) return sendText(response, 404, `Nothing at ${url.pathname}.`);
    response.writeHead(200, { 'Content-Type': asset.type, 'Content-Length': asset.body.length });
    response.end(method === 'HEAD' ? undefined : asset.body);
  }

  const port = await listen(server, host, options.port ?? 0);
  // Attached once the port is known (the Host check needs it); no request is read before this runs.
  const settings: GuardSettings = { hosts: serverHosts(host, port), token, cookieName: `ep_ui_${port}` };
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    handle(settings, request, response).catch((error: unknown) => sendError(response, error));
  });
  return {
    url: `http://${urlHost(host)}:${port}/?token=${token}`,
    host,
    port,
    remote: !isLoopbackHost(host),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function listen(server: ReturnType<typeof createServer>, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new EpError('UI_LISTEN_FAILED', `Cannot listen on ${host}:${port}: ${error.code ?? error.message}.`, {
          details: { host, port },
          suggestion: error.code === 'EADDRINUSE' ? 'Pick another --port, or --port 0 for a free one.' : 'Check --host and --port.',
        }),
      );
    });
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

function sendText(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`${text}\n`);
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) }).end(body);
}

const STATUS_OF_EXIT: Readonly<Partial<Record<number, number>>> = {
  [ExitCode.usage]: 400,
  [ExitCode.validation]: 400,
  [ExitCode.notFound]: 404,
  [ExitCode.auth]: 403,
};

function sendError(response: ServerResponse, error: unknown): void {
  const { envelope, exitCode } = errorEnvelope(error);
  if (response.headersSent) return void response.end();
  sendJson(response, STATUS_OF_EXIT[exitCode] ?? 500, envelope);
}
