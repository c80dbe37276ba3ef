import type { PersistedIndexFormat, SearchIndex } from '../../search/search-engine.js';
import type { ContextSource } from './contracts.js';

/**
 * The sources' kept indexes ranked as one corpus in entry order (the format's `combine`), when every source
 * with records (`loaded`: each source with its record count, in entry order) keeps one that covers them
 * all; undefined otherwise (the tiers then search the texts).
 */
export async function combinedKeptIndex(
  format: PersistedIndexFormat | undefined,
  loaded: readonly (readonly [ContextSource, number])[],
): Promise<SearchIndex | undefined> {
  if (!format?.combine) return undefined;
  const parts: SearchIndex[] = [];
  for (const [source, count] of loaded) {
    if (count === 0) continue;
    const index = source.searchIndex ? await source.searchIndex(format) : undefined;
    if (index?.size !== count) return undefined;
    parts.push(index);
  }
  return parts.length === 0 ? undefined : format.combine(parts);
}
