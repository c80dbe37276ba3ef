import type { ServerResponse } from 'node:http';

/**
 * Sent with every response. The page loads only its own script and styles (no inline script, nothing
 * from elsewhere), cannot be framed, and leaks no address to other sites.
 */
const HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-store',
};

export function setSecurityHeaders(response: ServerResponse): void {
  for (const [name, value] of Object.entries(HEADERS)) response.setHeader(name, value);
}
