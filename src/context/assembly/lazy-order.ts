/**
 * Yields `items` in `compare` order without sorting all of them: a binary heap is built in O(n) and each
 * item taken costs O(log n). Packing stops long before it reaches the end of 100,000 candidates, so this
 * is much cheaper than a full sort. Reorders `items` in place.
 */
export function* lazyOrder<T>(items: T[], compare: (a: T, b: T) => number): Generator<T> {
  let size = items.length;
  const siftDown = (start: number) => {
    let parent = start;
    const item = items[parent]!;
    for (;;) {
      let child = 2 * parent + 1;
      if (child >= size) break;
      if (child + 1 < size && compare(items[child + 1]!, items[child]!) < 0) child += 1;
      if (compare(items[child]!, item) >= 0) break;
      items[parent] = items[child]!;
      parent = child;
    }
    items[parent] = item;
  };
  for (let i = (size >> 1) - 1; i >= 0; i -= 1) siftDown(i);
  while (size > 0) {
    const top = items[0]!;
    size -= 1;
    if (size > 0) {
      items[0] = items[size]!;
      siftDown(0);
    }
    yield top;
  }
}
