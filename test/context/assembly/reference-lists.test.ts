import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { packReferences, referenceListsFault, referencesOf, reverseReferences } from '../../../src/context/assembly/reference-lists.js';

/** Random graphs: per node, an ascending list of other nodes. */
const graphs = fc
  .integer({ min: 1, max: 40 })
  .chain((count) =>
    fc
      .array(fc.uniqueArray(fc.integer({ min: 0, max: count - 1 }), { maxLength: count }), { minLength: count, maxLength: count })
      .map((lists) => lists.map((list, id) => list.filter((target) => target !== id).sort((a, b) => a - b))),
  );

describe('reference lists', () => {
  it('pack every list and give each back as it was', () => {
    fc.assert(
      fc.property(graphs, (lists) => {
        const packed = packReferences(lists);
        assert.equal(referenceListsFault(packed, lists.length), undefined);
        lists.forEach((list, id) => assert.deepEqual([...referencesOf(packed, id)], list));
      }),
    );
  });

  it('reverse into ascending lists of exactly the edges reversed, and back again', () => {
    fc.assert(
      fc.property(graphs, (lists) => {
        const packed = packReferences(lists);
        const reversed = reverseReferences(packed);
        assert.equal(referenceListsFault(reversed, lists.length), undefined);
        lists.forEach((_, target) => {
          const expected = lists.flatMap((list, id) => (list.includes(target) ? [id] : []));
          assert.deepEqual([...referencesOf(reversed, target)], expected);
        });
        assert.deepEqual(reverseReferences(reversed), packed);
      }),
    );
  });

  it('say what is wrong with lists that are not a graph over their nodes', () => {
    const sound = packReferences([[1, 2], [0], []]);
    assert.equal(referenceListsFault(sound, 3), undefined);
    assert.match(referenceListsFault(sound, 4)!, /3 lists for 4 nodes/);
    assert.match(referenceListsFault(packReferences([[2, 1], [0], []]), 3)!, /node 0: target 1/);
    assert.match(referenceListsFault(packReferences([[0], [], []]), 3)!, /node 0: target 0/);
    assert.match(referenceListsFault(packReferences([[3], [], []]), 3)!, /node 0: target 3/);
    assert.match(referenceListsFault({ ends: Uint32Array.of(2, 1, 2), targets: Uint32Array.of(1, 2) }, 3)!, /node 1/);
    assert.match(referenceListsFault({ ends: Uint32Array.of(1, 1, 1), targets: Uint32Array.of(1, 2) }, 3)!, /1 targets past/);
  });
});
