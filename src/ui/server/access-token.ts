import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh access token: 32 random bytes, URL-safe. */
export function newAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Whether `given` is the token, in time that does not depend on where they differ. Both sides are hashed
 * first so inputs of any length compare in constant time (timingSafeEqual needs equal lengths).
 */
export function tokenMatches(token: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(token), digest(given));
}

/** The value of cookie `name` in a `Cookie` header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
