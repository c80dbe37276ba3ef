import type { IncomingMessage } from 'node:http';
import { readCookie, tokenMatches } from './access-token.js';

/** What the server answers for itself, and the token every request must carry. */
export interface GuardSettings {
  /** `Host` header values naming this server (`127.0.0.1:4173`, `localhost:4173`). */
  readonly hosts: ReadonlySet<string>;
  readonly token: string;
  /** The cookie carrying the token after the first load; named per port, since cookies ignore ports. */
  readonly cookieName: string;
}

export interface Refusal {
  readonly status: 401 | 403 | 421;
  readonly message: string;
}

/**
 * Checks a request before anything else runs. A `Host` that does not name this server is a page on another
 * origin resolving to loopback (DNS rebinding): 421. A request that changes anything must come from this
 * server's own page (`Origin`): 403. Every request carries the token, in the cookie or as `?token=`: 401.
 */
export function refusalOf(request: IncomingMessage, url: URL, settings: GuardSettings): Refusal | undefined {
  const host = request.headers.host;
  if (host === undefined || !settings.hosts.has(host.toLowerCase())) {
    return {
      status: 421,
      message: `This server answers only for ${[...settings.hosts].join(' or ')}, not ${host ?? 'a request without Host'}.`,
    };
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const origin = request.headers.origin;
    if (origin === undefined || !settings.hosts.has(originHost(origin))) {
      return { status: 403, message: `A ${request.method} request must come from this server's own page (Origin ${origin ?? 'missing'}).` };
    }
  }
  const given = url.searchParams.get('token') ?? readCookie(request.headers.cookie, settings.cookieName);
  if (!tokenMatches(settings.token, given ?? undefined)) {
    return { status: 401, message: 'Open the address `ep ui` printed: it carries the access token.' };
  }
  return undefined;
}

/** `host:port` of an `http://` origin, or '' for anything else (`null`, other schemes). */
function originHost(origin: string): string {
  try {
    const parsed = new URL(origin);
    return parsed.protocol === 'http:' && parsed.pathname === '/' ? parsed.host.toLowerCase() : '';
  } catch {
    return '';
  }
}
