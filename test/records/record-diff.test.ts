import assert from 'node:assert/strict';
import { it } from 'node:test';
import { diffRecord } from '../../src/records/record-diff.js';

it('a record diff names the fields whose values differ, comparing JSON values by content', () => {
  const diff = diffRecord(
    'k',
    'a',
    'b',
    { key: 'k', summary: 'old', tags: { x: 1, y: 2 } },
    { key: 'k', summary: 'new', tags: { y: 2, x: 1 }, kind: 'note' },
  );
  assert.equal(diff.status, 'changed');
  assert.deepEqual(diff.fields, [
    { name: 'key', changed: false },
    { name: 'summary', changed: true },
    { name: 'tags', changed: false },
    { name: 'kind', changed: true },
  ]);
});

it('a record diff says when the record was added, removed, unchanged or in neither commit', () => {
  const record = { key: 'k', summary: 's' };
  assert.equal(diffRecord('k', 'a', 'b', null, record).status, 'added');
  assert.equal(diffRecord('k', 'a', 'b', record, null).status, 'removed');
  assert.equal(diffRecord('k', 'a', 'b', record, { ...record }).status, 'unchanged');
  assert.equal(diffRecord('k', 'a', 'b', null, null).status, 'absent');
});
