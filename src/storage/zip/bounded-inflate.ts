import { inflateRawSync } from 'node:zlib';

/** Output chunk for inflating: a member's declared size (one chunk), within bounds. */
const MAX_CHUNK = 1 << 20;

/**
 * A member's raw DEFLATE bytes inflated, stopping with an error past its declared size, so a member
 * cannot inflate beyond what was checked against the limits. The caller checks the length it got.
 * Imports nothing of ep's own, so the inflate worker stays light.
 */
export function inflateBounded(raw: Uint8Array, size: number): Buffer {
  return inflateRawSync(raw, { maxOutputLength: Math.max(1, size), chunkSize: Math.min(Math.max(64, size), MAX_CHUNK) });
}
