import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assignScenarioIds } from '../../src/storage/package/scenario-ids.js';

describe('assignScenarioIds', () => {
  it('numbers a first save from 000001', () => {
    assert.deepEqual(assignScenarioIds(['A', 'B', 'C'], new Map()), ['000001', '000002', '000003']);
  });
  it('matches the reference: save [A, B, C], edit A, append a copy of C', () => {
    const stored = new Map([
      ['000001', 'A'],
      ['000002', 'B'],
      ['000003', 'C'],
    ]);
    assert.deepEqual(assignScenarioIds(["A'", 'B', 'C', 'C'], stored), ['000004', '000002', '000003', '000005']);
  });
  it('reuses the first unused equal id and follows moves', () => {
    const stored = new Map([
      ['000001', 'X'],
      ['000002', 'X'],
      ['000007', 'Y'],
    ]);
    assert.deepEqual(assignScenarioIds(['Y', 'X', 'X', 'X'], stored), ['000007', '000001', '000002', '000008']);
  });
});
