import { createHash } from 'node:crypto';

/** SHA-256 of a file's text, hex: what the cache keys parsed files by. */
export function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
