import assert from 'node:assert/strict';
import { test } from 'node:test';
import { withoutUndefined } from '../../src/util/without-undefined.js';

test('keys whose value is undefined are left out; null, 0, false and empty strings stay', () => {
  assert.deepEqual(withoutUndefined({ a: undefined, b: null, c: 0, d: false, e: '', f: 'x' }), { b: null, c: 0, d: false, e: '', f: 'x' });
  assert.ok(!('a' in withoutUndefined({ a: undefined })));
});
