import { crpInvalid, requireNonEmptyString, requireNonNegativeInteger } from './validate.js';

export interface DetailLevelMapInit {
  /** The vocabulary prefix the map serves, such as `uko-code:`. */
  readonly domain: string;
  readonly maxDepth: number;
  /** Named levels and their depths. */
  readonly levels?: Readonly<Record<string, number>>;
  /** A broader vocabulary's map whose named levels this one inherits. */
  readonly parent?: DetailLevelMap;
}

const MODEL = 'DetailLevelMap';

/**
 * Named detail levels of one knowledge domain. Each domain has its own maximum depth; a child vocabulary
 * (`uko-oo:` under `uko-code:`) inherits its parent's named levels and adds its own. Immutable: `register`
 * returns a new map.
 */
export class DetailLevelMap {
  readonly domain: string;
  readonly maxDepth: number;
  readonly levels: Readonly<Record<string, number>>;
  readonly parent?: DetailLevelMap;
  /** `effectiveLevels()`, merged once: the map is immutable, and packing asks for a level below per candidate. */
  private readonly effective: Readonly<Record<string, number>>;
  /** `levelBelow(d)` for each depth d up to `maxDepth` (at most 63), worked out once: packing asks per candidate and hop. */
  private readonly below: readonly number[];

  constructor(init: DetailLevelMapInit) {
    this.domain = requireNonEmptyString(MODEL, 'domain', init.domain);
    this.maxDepth = requireNonNegativeInteger(MODEL, 'max_depth', init.maxDepth);
    const levels: Record<string, number> = {};
    for (const [name, depth] of Object.entries(init.levels ?? {})) levels[checkName(name)] = this.checkDepth(name, depth);
    this.levels = Object.freeze(levels);
    if (init.parent !== undefined) {
      if (!(init.parent instanceof DetailLevelMap)) throw crpInvalid(MODEL, 'parent', 'must be a DetailLevelMap');
      this.parent = init.parent;
    }
    this.effective = Object.freeze({ ...(this.parent?.effectiveLevels() ?? {}), ...this.levels });
    const named = Object.values(this.effective);
    // Bounded: a map may declare any depth, but the built-in ones stop at 5.
    this.below = Array.from({ length: Math.min(this.maxDepth, 63) + 1 }, (_, depth) => belowIn(named, this.maxDepth, depth));
    Object.freeze(this);
  }

  /** A copy of this map with one more named level. */
  register(name: string, depth: number): DetailLevelMap {
    this.checkDepth(checkName(name), depth);
    return new DetailLevelMap({
      domain: this.domain,
      maxDepth: this.maxDepth,
      levels: { ...this.levels, [name]: depth },
      parent: this.parent,
    });
  }

  /** The parent's levels merged with this map's own (own levels win). */
  effectiveLevels(): Readonly<Record<string, number>> {
    return this.effective;
  }

  /** A level name (own, then inherited) or an integer depth, clamped to `maxDepth`. */
  resolve(level: string | number): number {
    if (typeof level === 'number') {
      requireNonNegativeInteger(MODEL, 'depth', level);
      return Math.min(level, this.maxDepth);
    }
    const depth = this.effectiveLevels()[level];
    if (depth === undefined) {
      const known = Object.keys(this.effectiveLevels()).join(', ') || 'none';
      throw crpInvalid(MODEL, 'level', `has no level named ${JSON.stringify(level)} in domain ${this.domain} (known: ${known})`);
    }
    return Math.min(depth, this.maxDepth);
  }

  /** The deepest named level strictly shallower than `depth` (0 when there is none): one step less detail. */
  levelBelow(depth: number): number {
    return this.below[depth] ?? belowIn(Object.values(this.effective), this.maxDepth, depth);
  }

  /** Whether a node URI belongs to this map's domain. */
  covers(uri: string): boolean {
    return uri.startsWith(this.domain);
  }

  private checkDepth(name: string, depth: unknown): number {
    requireNonNegativeInteger(MODEL, `levels.${name}`, depth);
    if ((depth as number) > this.maxDepth) {
      throw crpInvalid(MODEL, `levels.${name}`, `must not exceed max_depth ${this.maxDepth}`, depth);
    }
    return depth as number;
  }
}

function checkName(name: string): string {
  return requireNonEmptyString(MODEL, 'level name', name);
}

function belowIn(named: readonly number[], maxDepth: number, depth: number): number {
  if (named.length === 0) return Math.max(0, depth - 1);
  let best = 0;
  for (const value of named) {
    const clamped = Math.min(value, maxDepth);
    if (clamped < depth && clamped > best) best = clamped;
  }
  return Math.min(best, Math.max(0, depth - 1));
}
