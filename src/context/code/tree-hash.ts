import { createHash } from 'node:crypto';

/**
 * SHA-256 over the served files' paths and `language:sha256` keys, in listing order: equal trees, equal
 * hashes. What the cache keys the graph and the search texts by.
 */
export function treeHashOf(files: readonly { readonly file: string; readonly key: string }[]): string {
  const hash = createHash('sha256');
  for (const { file, key } of files) hash.update(`${file}\0${key}\n`);
  return hash.digest('hex');
}
