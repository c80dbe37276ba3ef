import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { keyText } from '../../src/records/record-key.js';

describe('a record key as text', () => {
  it('reads strings as they are and other JSON values as their JSON', () => {
    assert.equal(keyText('note.alpha'), 'note.alpha');
    assert.equal(keyText(42), '42');
    assert.equal(keyText(true), 'true');
    assert.equal(keyText({ id: 1 }), '{"id":1}');
    assert.equal(keyText(['a', 'b']), '["a","b"]');
  });

  it('keeps two object keys apart', () => {
    assert.notEqual(keyText({ id: 1 }), keyText({ id: 2 }));
  });

  it('reads a missing or null key as empty', () => {
    assert.equal(keyText(undefined), '');
    assert.equal(keyText(null), '');
  });
});
