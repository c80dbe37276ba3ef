import type { ContextRecord, ContextSource } from './contracts.js';
import { referenceCandidates } from './record-rendering.js';
import { referencesOf, unsoundTarget, type ReferenceGraph, type ReferenceLists } from './reference-lists.js';

/**
 * What the reference graph is built from: the tiers' entries by id, with each one's key, record, source and
 * position in that source's records. Records are asked for only where a source does not keep its graph.
 */
export interface ReferencedEntries {
  readonly size: number;
  keyOf(id: number): string;
  recordOf(id: number): ContextRecord;
  /** The source of an entry (undefined for records added at run time). */
  sourceOf(id: number): ContextSource | undefined;
  /** An entry's position in its source's records (what `related` answers in). */
  positionOf(id: number): number;
}

/** The reference graph of the tiers' entries, as `tierReferences` builds it. */
export interface TierReferences {
  readonly entries: ReferencedEntries;
  /** Each entry's own references, for entries whose source answers record by record (undefined otherwise). */
  readonly forward: readonly (readonly number[] | undefined)[];
  /** For entries of a source that keeps its whole graph: that graph, its first entry and its record count. */
  readonly listed: readonly (ListedReferences | undefined)[];
  /**
   * The entries referring to entry i from lists of `forward` are `back[backStart[i] .. backStart[i + 1]]`,
   * ascending (what a listed source's own records refer to is in its graph, reversed).
   */
  readonly backStart: Uint32Array;
  readonly back: Uint32Array;
  /** Entries whose own list is not ascending, or that were linked by name: sorted when merged. */
  readonly unsorted: ReadonlySet<number>;
  /** Each entry's neighbours, once asked for. */
  readonly merged: (readonly number[] | undefined)[];
}

interface ListedReferences {
  readonly first: number;
  readonly count: number;
  readonly graph: ReferenceGraph;
}

/**
 * References are undirected edges: a record that names another (by key or `uri`) is related to it both
 * ways. Each entry's own references are listed here (a source's `related` list is taken as it is when it
 * is already valid and ascending), and the references pointing back are counted into one array in entry
 * order, so they come out ascending; an entry's neighbours are the two merged, when first asked for
 * (`neighboursIn`). A source that keeps its whole graph (`references()`, both ways) is read in place: its
 * edges are neither copied nor walked, only the lists of the entries asked about. A focused request asks
 * for a few entries' neighbours, so most are never merged.
 */
export function tierReferences(entries: ReferencedEntries): TierReferences {
  const n = entries.size;
  const forward = new Array<readonly number[] | undefined>(n);
  const listed = listedReferences(entries);
  const unsorted = new Set<number>();
  // Made only when some entry's source does not relate its records itself (the code's records all do).
  let idsByName: ReadonlyMap<string, readonly number[]> | undefined;
  for (let id = 0; id < n; id += 1) {
    if (listed[id]) continue;
    const source = entries.sourceOf(id);
    forward[id] = source?.related
      ? relatedOf(entries, id, source, unsorted)
      : namedBy(entries, (idsByName ??= namesOf(entries)), id, unsorted);
  }
  const backStart = new Uint32Array(n + 1);
  for (let id = 0; id < n; id += 1) {
    const own = forward[id];
    if (own) for (let i = 0; i < own.length; i += 1) backStart[own[i]! + 1] = backStart[own[i]! + 1]! + 1;
  }
  for (let id = 0; id < n; id += 1) backStart[id + 1] = backStart[id + 1]! + backStart[id]!;
  const back = new Uint32Array(backStart[n]!);
  const cursor = backStart.slice(0, n);
  for (let id = 0; id < n; id += 1) {
    const own = forward[id];
    if (!own) continue;
    for (let i = 0; i < own.length; i += 1) {
      const target = own[i]!;
      back[cursor[target]!] = id;
      cursor[target] = cursor[target]! + 1;
    }
  }
  return { entries, forward, listed, backStart, back, unsorted, merged: new Array<readonly number[] | undefined>(n) };
}

/**
 * Entry `id`'s neighbours: its own references and those pointing back, ascending, each once, never an entry
 * holding its own key (kept once made).
 */
export function neighboursIn(references: TierReferences, id: number): readonly number[] {
  const known = references.merged[id];
  if (known) return known;
  const { entries, forward, listed, backStart, back, unsorted } = references;
  const block = listed[id];
  const own = block ? listedNeighbours(block, id - block.first) : forward[id]!;
  let merged = mergeAscending(own, back.subarray(backStart[id], backStart[id + 1]));
  if (unsorted.has(id)) merged = sortUnique([...merged]);
  const key = entries.keyOf(id);
  if (merged.some((other) => entries.keyOf(other) === key)) merged = merged.filter((other) => entries.keyOf(other) !== key);
  references.merged[id] = merged;
  return merged;
}

/**
 * Every entry's neighbours, as `neighboursIn` gives them, packed into one list: what ranking the whole graph
 * reads. An entry of a kept graph that no other source's record refers to, and whose key no other entry holds,
 * has its two lists merged straight into the packed one: no array per entry, no key compared.
 */
export function everyNeighbourList(references: TierReferences, hasCopies: (id: number) => boolean): ReferenceLists {
  const { entries, listed, backStart, unsorted, merged } = references;
  const n = entries.size;
  const ends = new Uint32Array(n);
  const packed = { targets: new Uint32Array(Math.max(64, 2 * references.back.length)), at: 0 };
  for (let id = 0; id < n; id += 1) {
    const block = listed[id];
    const direct = block !== undefined && !merged[id] && backStart[id] === backStart[id + 1] && !unsorted.has(id) && !hasCopies(id);
    if (!direct || !mergeListedInto(packed, block, id - block.first)) {
      const own = neighboursIn(references, id);
      reserve(packed, own.length);
      for (let i = 0; i < own.length; i += 1) packed.targets[packed.at++] = own[i]!;
    }
    ends[id] = packed.at;
  }
  return { ends, targets: packed.targets.subarray(0, packed.at) };
}

interface PackedTargets {
  targets: Uint32Array;
  at: number;
}

function reserve(packed: PackedTargets, more: number): void {
  if (packed.at + more <= packed.targets.length) return;
  const grown = new Uint32Array(Math.max(2 * packed.targets.length, packed.at + more));
  grown.set(packed.targets.subarray(0, packed.at));
  packed.targets = grown;
}

/**
 * A listed record's references both ways appended to `packed` as entry ids, each once, ascending; false (and
 * nothing appended) when either list is unsound, which `listedNeighbours` then repairs.
 */
function mergeListedInto(packed: PackedTargets, { first, count, graph }: ListedReferences, position: number): boolean {
  const { refersTo, referredBy } = graph;
  let i = position === 0 ? 0 : refersTo.ends[position - 1]!;
  const iEnd = refersTo.ends[position]!;
  let j = position === 0 ? 0 : referredBy.ends[position - 1]!;
  const jEnd = referredBy.ends[position]!;
  if (iEnd < i || iEnd > refersTo.targets.length || jEnd < j || jEnd > referredBy.targets.length) return false;
  if (unsoundTarget(refersTo.targets, count, position, i, iEnd) !== undefined) return false;
  if (unsoundTarget(referredBy.targets, count, position, j, jEnd) !== undefined) return false;
  reserve(packed, iEnd - i + (jEnd - j));
  const a = refersTo.targets;
  const b = referredBy.targets;
  const out = packed.targets;
  let at = packed.at;
  const start = at;
  while (i < iEnd || j < jEnd) {
    const next = j >= jEnd || (i < iEnd && a[i]! <= b[j]!) ? a[i++]! : b[j++]!;
    if (at === start || out[at - 1] !== first + next) out[at++] = first + next;
  }
  packed.at = at;
  return true;
}

/** A listed record's references both ways, as entry ids; positions out of range, its own or repeated are dropped. */
function listedNeighbours({ first, count, graph }: ListedReferences, position: number): readonly number[] {
  const refersTo = referencesOf(graph.refersTo, position);
  const referredBy = referencesOf(graph.referredBy, position);
  let both =
    unsoundTarget(refersTo, count, position) === undefined && unsoundTarget(referredBy, count, position) === undefined
      ? mergeAscending(refersTo, referredBy)
      : undefined;
  if (!both) {
    const kept = [...refersTo, ...referredBy].filter((target) => target < count && target !== position);
    both = sortUnique(kept);
  }
  return first === 0 ? both : both.map((target) => first + target);
}

/**
 * For each entry, its source's graph when the source keeps one that fits its records (one list per record
 * each way); entries of other sources are undefined.
 */
function listedReferences(entries: ReferencedEntries): (ListedReferences | undefined)[] {
  const n = entries.size;
  const listed = new Array<ListedReferences | undefined>(n);
  for (let id = 0; id < n;) {
    const source = entries.sourceOf(id);
    let count = 1;
    while (id + count < n && entries.sourceOf(id + count) === source && entries.positionOf(id + count) === count) count += 1;
    const graph = entries.positionOf(id) === 0 ? source?.references?.() : undefined;
    if (graph && graph.refersTo.ends.length === count && graph.referredBy.ends.length === count) {
      listed.fill({ first: id, count, graph }, id, id + count);
    }
    id += count;
  }
  return listed;
}

/** A source's `related` list as entry ids: positions in the same source, other keys only. */
function relatedOf(entries: ReferencedEntries, id: number, source: ContextSource, unsorted: Set<number>) {
  const first = id - entries.positionOf(id);
  const key = entries.keyOf(id);
  const positions = source.related!(entries.recordOf(id));
  let valid = first === 0;
  for (let i = 0; i < positions.length && valid; i += 1) {
    const position = positions[i]!;
    valid =
      Number.isInteger(position) &&
      position >= 0 &&
      position < entries.size &&
      (i === 0 || position > positions[i - 1]!) &&
      entries.sourceOf(position) === source &&
      entries.keyOf(position) !== key;
  }
  if (valid) return positions;
  const own: number[] = [];
  for (let i = 0; i < positions.length; i += 1) {
    const position = positions[i]!;
    const target = first + position;
    if (!Number.isInteger(position) || position < 0 || target >= entries.size || entries.sourceOf(target) !== source) continue;
    if (entries.keyOf(target) === key) continue;
    if (own.length > 0 && target <= own[own.length - 1]!) unsorted.add(id);
    own.push(target);
  }
  return own;
}

/** The entries a record names by key or `uri` (for sources that do not say what their records relate to). */
function namedBy(
  entries: ReferencedEntries,
  idsByName: ReadonlyMap<string, readonly number[]>,
  id: number,
  unsorted: Set<number>,
): readonly number[] {
  const own: number[] = [];
  const key = entries.keyOf(id);
  for (const value of referenceCandidates(entries.recordOf(id))) {
    const targets = idsByName.get(value);
    if (!targets) continue;
    for (const target of targets) {
      if (entries.keyOf(target) === key) continue;
      own.push(target);
      unsorted.add(id);
      unsorted.add(target);
    }
  }
  return own;
}

/** Keys and `uri` fields: the names a reference may use, with the entries holding each. */
function namesOf(entries: ReferencedEntries): Map<string, number[]> {
  const idsByName = new Map<string, number[]>();
  for (let id = 0; id < entries.size; id += 1) {
    const { key, uri } = entries.recordOf(id);
    for (const name of typeof uri === 'string' && uri !== key ? [key, uri] : [key]) {
      const named = idsByName.get(name);
      if (named) named.push(id);
      else idsByName.set(name, [id]);
    }
  }
  return idsByName;
}

/** Two ascending lists as one, each value once (the first list itself when it is an array and the other is empty). */
function mergeAscending(a: ArrayLike<number>, b: ArrayLike<number>): readonly number[] {
  if (b.length === 0) return Array.isArray(a) ? (a as readonly number[]) : Array.from(a);
  const merged: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const next = j >= b.length || (i < a.length && a[i]! <= b[j]!) ? a[i++]! : b[j++]!;
    if (merged.length === 0 || merged[merged.length - 1] !== next) merged.push(next);
  }
  return merged;
}

function sortUnique(list: number[]): number[] {
  list.sort((x, y) => x - y);
  let kept = 0;
  for (let i = 0; i < list.length; i += 1) if (i === 0 || list[i] !== list[i - 1]) list[kept++] = list[i]!;
  list.length = kept;
  return list;
}
