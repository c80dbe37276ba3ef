import type { TreeCursor } from '@vscode/tree-sitter-wasm';

/** What `enter` asks of the walk: skip the node's children, or run a callback once they are done. */
export type Visit = 'skip' | (() => void) | undefined;

/**
 * Visits every node in document order with one cursor (a cursor reads types and text without creating
 * node objects, which is what makes walking large trees affordable).
 */
export function walkTree(cursor: TreeCursor, enter: (cursor: TreeCursor) => Visit): void {
  const leaving: ((() => void) | undefined)[] = [];
  for (;;) {
    const visit = enter(cursor);
    if (visit !== 'skip' && cursor.gotoFirstChild()) {
      leaving.push(visit);
      continue;
    }
    if (typeof visit === 'function') visit();
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent()) return;
      leaving.pop()?.();
    }
  }
}
