import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nameHash } from '../../src/util/name-hash.js';

describe('nameHash', () => {
  it('is FNV-1a over 64 bits of the UTF-8 bytes, as 16 hex digits', () => {
    // The published FNV-1a 64 test vectors.
    assert.equal(nameHash(''), 'cbf29ce484222325');
    assert.equal(nameHash('a'), 'af63dc4c8601ec8c');
    assert.equal(nameHash('foobar'), '85944171f73967e8');
    assert.equal(nameHash('/home/ana/été.ep'), nameHash('/home/ana/\u00e9t\u00e9.ep'));
    assert.notEqual(nameHash('/home/ana/été.ep'), nameHash('/home/ana/ete.ep'));
    assert.match(nameHash('/a/very/long/path/'.repeat(50)), /^[0-9a-f]{16}$/);
  });
});
