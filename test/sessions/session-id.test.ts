import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { MAX_SESSION_ID_LENGTH, newSessionId, sessionIdProblem, validateSessionId } from '../../src/sessions/session-id.js';

describe('session ids', () => {
  it('accepts generated ids', () => {
    const ids = Array.from({ length: 50 }, () => newSessionId());
    for (const id of ids) assert.equal(sessionIdProblem(id), undefined);
    assert.equal(new Set(ids).size, ids.length);
  });
  it('refuses any id holding a path separator or ..', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('/', '\\', '..'), fc.string(), (before, bad, after) => {
        assert.throws(() => validateSessionId(`${before}${bad}${after}`), { code: 'INVALID_SESSION_ID', exitCode: 5 });
      }),
    );
  });
  it('refuses empty and overlong ids', () => {
    assert.throws(() => validateSessionId(''), { code: 'INVALID_SESSION_ID' });
    assert.throws(() => validateSessionId('a'.repeat(MAX_SESSION_ID_LENGTH + 1)), /longer than/);
    assert.equal(validateSessionId('a'.repeat(MAX_SESSION_ID_LENGTH)).length, MAX_SESSION_ID_LENGTH);
  });
  it('accepts ids made of the allowed characters', () => {
    fc.assert(fc.property(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_-]{0,60}$/), (id) => assert.equal(validateSessionId(id), id)));
  });
});
