/**
 * Every node's references as one list: node i refers to `targets[ends[i - 1] .. ends[i]]` (from 0 for node 0).
 * Two typed arrays rather than an array per node, so a graph of thousands of nodes is two allocations (or two
 * views of a cache file's bytes) that the garbage collector never has to walk or copy.
 */
export interface ReferenceLists {
  readonly ends: Uint32Array;
  readonly targets: Uint32Array;
}

/** The references of node `id`, as a view of `lists.targets`. */
export function referencesOf(lists: ReferenceLists, id: number): Uint32Array {
  return lists.targets.subarray(id === 0 ? 0 : lists.ends[id - 1], lists.ends[id]);
}

/** Lists, one per node, packed into one. */
export function packReferences(lists: readonly (readonly number[])[]): ReferenceLists {
  const ends = new Uint32Array(lists.length);
  let total = 0;
  for (let id = 0; id < lists.length; id += 1) ends[id] = total += lists[id]!.length;
  const targets = new Uint32Array(total);
  let at = 0;
  for (const list of lists) for (let i = 0; i < list.length; i += 1) targets[at++] = list[i]!;
  return { ends, targets };
}

/**
 * Why `lists` is not a graph over `count` nodes (each list ascending, each target another node below
 * `count`, the last end the number of targets), or undefined when it is one.
 */
export function referenceListsFault(lists: ReferenceLists, count: number): string | undefined {
  const { ends, targets } = lists;
  if (ends.length !== count) return `${ends.length} lists for ${count} nodes`;
  let start = 0;
  for (let id = 0; id < count; id += 1) {
    const end = ends[id]!;
    if (end < start || end > targets.length) return `node ${id}: its list ends at ${end}`;
    const bad = unsoundTarget(targets, count, id, start, end);
    if (bad !== undefined) return `node ${id}: target ${bad}`;
    start = end;
  }
  return start === targets.length ? undefined : `${targets.length - start} targets past the last list`;
}

/**
 * The first target of node `self`'s list, `list[start..end)`, that breaks it (not ascending, not below
 * `count`, or `self`), if any. Bounds rather than a view: a kept graph of thousands of lists is checked on
 * every warm call, and a view per list is an allocation per node.
 */
export function unsoundTarget(list: Uint32Array, count: number, self: number, start = 0, end = list.length): number | undefined {
  let previous = -1;
  for (let i = start; i < end; i += 1) {
    const target = list[i]!;
    if (target <= previous || target >= count || target === self) return target;
    previous = target;
  }
  return undefined;
}

/** A graph as a source keeps it: what each node refers to and, the same edges reversed, what refers to it. */
export interface ReferenceGraph {
  readonly refersTo: ReferenceLists;
  readonly referredBy: ReferenceLists;
}

/** The same edges reversed: node t's list holds every node referring to t, ascending. `lists` must be sound. */
export function reverseReferences(lists: ReferenceLists): ReferenceLists {
  const { ends, targets } = lists;
  const count = ends.length;
  const reversedEnds = new Uint32Array(count);
  for (let at = 0; at < targets.length; at += 1) reversedEnds[targets[at]!]! += 1;
  for (let id = 1; id < count; id += 1) reversedEnds[id]! += reversedEnds[id - 1]!;
  // Filled from the last node down, each list from its end: every list comes out ascending.
  const reversedTargets = new Uint32Array(targets.length);
  const cursor = reversedEnds.slice();
  for (let id = count - 1; id >= 0; id -= 1) {
    for (let at = ends[id]! - 1; at >= (id === 0 ? 0 : ends[id - 1]!); at -= 1) {
      const target = targets[at]!;
      cursor[target]! -= 1;
      reversedTargets[cursor[target]!] = id;
    }
  }
  return { ends: reversedEnds, targets: reversedTargets };
}
