import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { isTreePath } from '../../../src/context/code/tree-cache-shape.js';

/** The rule as written out: relative, no NUL or backslash, and every part a name (not '', '.' or '..'). */
const byParts = (value: string): boolean =>
  value !== '' &&
  value.length <= 4096 &&
  !value.startsWith('/') &&
  !value.includes('\0') &&
  !value.includes('\\') &&
  value.split('/').every((part) => part !== '' && part !== '.' && part !== '..');

describe('isTreePath', () => {
  it('accepts exactly the relative paths whose every part is a name', () => {
    const pathLike = fc.string({ unit: fc.constantFrom('a', 'b', '.', '/', '\\', '\0', 'é'), maxLength: 12 });
    fc.assert(
      fc.property(pathLike, (value) => isTreePath(value) === byParts(value)),
      { numRuns: 5000 },
    );
  });

  it('keeps names that only look like dots', () => {
    for (const name of ['...', '.hidden', 'a/..b', 'b../c']) assert.equal(isTreePath(name), true, name);
    for (const name of ['.', '..', 'a/./b', 'a/../b', 'x/..', 'a//b', 'a/', '/a', '']) assert.equal(isTreePath(name), false, name);
  });
});
