import { isIPv6 } from 'node:net';

/** Whether `host` names this machine only. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** `host` as it appears in a URL or a `Host` header (IPv6 in brackets). */
export function urlHost(host: string): string {
  return isIPv6(host) ? `[${host}]` : host;
}

/** The `Host` header values that name this server: its own name and, on loopback, `localhost` as well. */
export function serverHosts(host: string, port: number): ReadonlySet<string> {
  const names = new Set([`${urlHost(host).toLowerCase()}:${port}`]);
  if (isLoopbackHost(host)) names.add(`localhost:${port}`);
  if (host === 'localhost') names.add(`127.0.0.1:${port}`).add(`[::1]:${port}`);
  return names;
}
