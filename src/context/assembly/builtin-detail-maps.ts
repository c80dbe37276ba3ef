import { DetailLevelMap } from './detail-level-map.js';

/** The code domain's levels; language and paradigm vocabularies (`uko-py:`, `uko-oo:`) inherit them. */
export const CODE_DETAIL_MAP = new DetailLevelMap({
  domain: 'uko-code:',
  maxDepth: 9,
  levels: { MODULE_LISTING: 0, MEMBER_LISTING: 2, SIGNATURES: 4, STRUCTURAL_OUTLINE: 6, FULL_SOURCE: 9 },
});

/**
 * Levels for context records (plain JSON objects with a `key`), such as the records of active `.ep` packages:
 * the key alone, a one-line summary, the scalar fields, the whole record.
 */
export const RECORD_DETAIL_MAP = new DetailLevelMap({
  domain: 'ep-record:',
  maxDepth: 3,
  levels: { KEY_ONLY: 0, SUMMARY: 1, FIELDS: 2, FULL_RECORD: 3 },
});

export const BUILTIN_DETAIL_MAPS: readonly DetailLevelMap[] = [CODE_DETAIL_MAP, RECORD_DETAIL_MAP];

/** The built-in map whose domain prefixes a node URI (the longest prefix wins), if any. */
export function builtinDetailMapFor(uri: string): DetailLevelMap | undefined {
  let found: DetailLevelMap | undefined;
  for (const map of BUILTIN_DETAIL_MAPS) if (map.covers(uri) && (!found || map.domain.length > found.domain.length)) found = map;
  return found;
}
