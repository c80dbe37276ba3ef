import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { LinePacker, renderLine, TRUNCATION_MARKER } from '../../../src/context/package/line-packer.js';
import type { Scenario } from '../../../src/records/scenario.js';

const match = (scenario: Scenario, score = 1) => ({ score, scenario });
const packer = new LinePacker();

describe('LinePacker', () => {
  it('renders kind, key and summary, falling back to title then content', () => {
    assert.equal(renderLine({ key: 'a', kind: 'note', summary: 'S', title: 'T' }, 'key'), '- [note] a: S');
    assert.equal(renderLine({ key: 'a', kind: 'note', title: 'T', content: 'C' }, 'key'), '- [note] a: T');
    assert.equal(renderLine({ key: 'a', content: 'multi\nline   content' }, 'key'), '- a: multi line content');
    assert.equal(renderLine({ key: 'a', kind: 'note' }, 'key'), '- [note] a');
  });

  it('skips lines that do not fit and keeps later ones that do', () => {
    const result = packer.pack({
      keyField: 'key',
      charBudget: 30,
      matches: [match({ key: 'a', summary: 'short' }), match({ key: 'b', summary: 'x'.repeat(40) }), match({ key: 'c', summary: 'tiny' })],
    });
    assert.equal(result.promptContext, '- a: short\n- c: tiny');
    assert.deepEqual(result.includedKeys, ['a', 'c']);
    assert.equal(result.omitted, 1);
  });

  it('truncates a lone match with a visible marker', () => {
    const result = packer.pack({ keyField: 'key', charBudget: 20, matches: [match({ key: 'a', summary: 'x'.repeat(100) })] });
    assert.equal(result.promptContext.length, 20);
    assert.ok(result.promptContext.endsWith(TRUNCATION_MARKER));
    assert.equal(result.truncated, true);
  });

  it('cuts the top match when no line fits whole, rather than packing nothing', () => {
    const matches = [match({ key: 'top', summary: 'x'.repeat(50) }), match({ key: 'next', summary: 'y'.repeat(40) })];
    const result = packer.pack({ keyField: 'key', charBudget: 20, matches });
    assert.equal(result.promptContext, `- top: ${'x'.repeat(7)}${TRUNCATION_MARKER}`);
    assert.deepEqual([result.includedKeys, result.includedPositions, result.omitted, result.truncated], [['top'], [0], 1, true]);
    assert.deepEqual(packer.pack({ keyField: 'key', charBudget: TRUNCATION_MARKER.length, matches }).promptContext, '');
  });

  it('reports the position of every rendered match, telling apart two records with one key', () => {
    const matches = [match({ key: 'k', summary: 'x'.repeat(40) }), match({ key: 'k', summary: 'short' })];
    const result = packer.pack({ keyField: 'key', charBudget: 30, matches });
    assert.deepEqual([result.includedKeys, result.includedPositions], [['k'], [1]]);
  });

  it('never exceeds the budget, counted in code points (property)', () => {
    const record = fc.record({ key: fc.string({ minLength: 1 }), kind: fc.string(), summary: fc.string({ unit: 'grapheme' }) });
    fc.assert(
      fc.property(fc.array(record, { maxLength: 8 }), fc.nat(300), (records, budget) => {
        const result = packer.pack({ keyField: 'key', charBudget: budget, matches: records.map((r) => match(r)) });
        assert.ok([...result.promptContext].length <= budget);
        assert.equal(result.includedKeys.length + result.omitted, records.length);
        assert.deepEqual(
          result.includedPositions!.map((position) => String(records[position]!.key)),
          result.includedKeys,
        );
        if (records.length > 0 && budget > TRUNCATION_MARKER.length) assert.ok(result.includedKeys.length > 0);
      }),
      { numRuns: 200 },
    );
  });
});
