import { createRequire } from 'node:module';

// node:crypto takes some 5 ms to load, and the commands that start most often (`--help`, `plugins list`, a warm
// read) hash nothing: modules on their path take it from here when they first hash.
const require = createRequire(import.meta.url);

/** node:crypto, loaded on first use. */
export function nodeCrypto(): typeof import('node:crypto') {
  return require('node:crypto') as typeof import('node:crypto');
}

/** SHA-256 (hex) of `data`. */
export function sha256Hex(data: string | Uint8Array): string {
  return nodeCrypto().createHash('sha256').update(data).digest('hex');
}
