import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isRecordList } from '../../src/records/record-list.js';
import { ScenarioList } from '../../src/records/scenario-list.js';
import { foreignRecordList } from './foreign-record-list.js';

describe('RecordList', () => {
  it('ScenarioList.from keeps a ScenarioList as it is and copies any other RecordList with its codebook', () => {
    const list = new ScenarioList([{ key: 'a' }]);
    assert.equal(ScenarioList.from(list), list);
    const copied = ScenarioList.from(foreignRecordList([{ key: 'a' }, { key: 'b' }], { key: 'Key' }));
    assert.ok(copied instanceof ScenarioList);
    assert.deepEqual([copied.toArray(), copied.codebook], [[{ key: 'a' }, { key: 'b' }], { key: 'Key' }]);
  });

  it('a ScenarioList concatenates any RecordList', () => {
    const joined = new ScenarioList([{ key: 'a' }]).concat(foreignRecordList([{ key: 'b' }], { key: 'Key' }));
    assert.deepEqual([joined.toArray(), joined.codebook], [[{ key: 'a' }, { key: 'b' }], { key: 'Key' }]);
  });

  it('isRecordList tells a list of records from arrays and other values', () => {
    assert.ok(isRecordList(new ScenarioList()));
    assert.ok(isRecordList(foreignRecordList([])));
    for (const value of [[{ key: 'a' }], null, undefined, 'list', { length: 0, codebook: undefined }]) assert.ok(!isRecordList(value));
  });
});
