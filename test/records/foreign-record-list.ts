import type { RecordList } from '../../src/records/record-list.js';
import { ScenarioList } from '../../src/records/scenario-list.js';
import type { Scenario } from '../../src/records/scenario.js';

/** A RecordList that is not a ScenarioList: what another records implementation would hand a store. */
export function foreignRecordList(records: Scenario[], codebook?: Record<string, string>): RecordList {
  const list = new ScenarioList(records, codebook);
  return {
    get length() {
      return list.length;
    },
    codebook: list.codebook,
    at: (index) => list.at(index),
    toArray: () => list.toArray(),
    concat: (other) => list.concat(other),
    indexBy: (field, options) => list.indexBy(field, options),
    lookup: (field, value) => list.lookup(field, value),
    lookupMany: (field, value) => list.lookupMany(field, value),
    upsert: (field, record, options) => list.upsert(field, record, options),
    [Symbol.iterator]: () => list[Symbol.iterator](),
  };
}
