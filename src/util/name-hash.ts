const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const U64 = 0xffffffffffffffffn;

/**
 * FNV-1a (64-bit) of `text`'s UTF-8 bytes, as 16 hex digits: a short, stable file name derived from a longer
 * name (a path). Not a digest: the files named this way say what they were made from and are checked against
 * it, so two names sharing a hash cost a rebuild, never a wrong answer. Cheaper than SHA-256 by the 5 ms
 * node:crypto takes to load, which a warm read otherwise never needs.
 */
export function nameHash(text: string): string {
  let hash = FNV_OFFSET;
  for (const byte of Buffer.from(text, 'utf8')) hash = ((hash ^ BigInt(byte)) * FNV_PRIME) & U64;
  return hash.toString(16).padStart(16, '0');
}
