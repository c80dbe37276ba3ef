import type { DetailLevelMap } from './detail-level-map.js';

/**
 * The depth a request asks of one entry's detail map. A level name the entry's own map does not know, but
 * another map in use does (`SIGNATURES` asked of a store holding code and records), is taken at the same
 * fraction of this map's depth, so one request serves every domain it reaches. A name no map knows is
 * refused by the entry's own map.
 */
export function depthIn(map: DetailLevelMap, depth: number | string, maps: readonly DetailLevelMap[]): number {
  if (typeof depth === 'number' || depth in map.effectiveLevels()) return map.resolve(depth);
  const owner = maps.find((other) => depth in other.effectiveLevels());
  if (!owner || owner.maxDepth === 0) return map.resolve(depth);
  return Math.round((owner.resolve(depth) / owner.maxDepth) * map.maxDepth);
}
