import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FLAG_NAMES } from '../../src/cli/flag-names.js';
import { recordToWrite } from '../../src/context/active/record-input.js';
import { errorEnvelope } from '../../src/envelope/envelope.js';
import { EpError, ExitCode } from '../../src/kernel/errors.js';
import { ARGUMENT_NAMES } from '../../src/mcp/argument-names.js';

const topK = new EpError('USAGE_ERROR', 'topK must be a positive integer; got 0.', {
  exitCode: ExitCode.usage,
  details: { field: 'topK' },
});
const caught = (body: () => unknown): unknown => {
  try {
    body();
  } catch (error) {
    return error;
  }
  return assert.fail('no error');
};

describe('errors that name a request field', () => {
  it('say the field as the library names it, and each entry point as its callers know it', () => {
    assert.equal(errorEnvelope(topK).envelope.error.message, 'topK must be a positive integer; got 0.');
    assert.equal(errorEnvelope(topK, FLAG_NAMES).envelope.error.message, '--top-k must be a positive integer; got 0.');
    assert.equal(errorEnvelope(topK, ARGUMENT_NAMES).envelope.error.message, 'top_k must be a positive integer; got 0.');
  });

  it('come from the domain with the field, never a CLI flag', () => {
    const notObject = caught(() => recordToWrite([1], 'key')) as EpError;
    assert.equal(notObject.details?.field, 'record');
    assert.doesNotMatch(notObject.message, /--/);
    assert.match(errorEnvelope(notObject, FLAG_NAMES).envelope.error.message, /^--json must be a JSON object/);
    const mismatch = caught(() => recordToWrite({ key: 'a' }, 'key', 'b')) as EpError;
    assert.equal(mismatch.code, 'KEY_MISMATCH');
    assert.doesNotMatch(`${mismatch.message} ${mismatch.suggestion}`, /--/);
    assert.match(errorEnvelope(mismatch, FLAG_NAMES).envelope.error.message, /^--key "b" contradicts/);
  });

  it('leave a message alone when the field is not at its start or has no name there', () => {
    const other = new EpError('USAGE_ERROR', 'The topK given is odd.', { details: { field: 'topK' } });
    assert.equal(errorEnvelope(other, FLAG_NAMES).envelope.error.message, 'The topK given is odd.');
    const unnamed = new EpError('USAGE_ERROR', 'fields must be strings.', { details: { field: 'fields' } });
    assert.equal(errorEnvelope(unnamed, FLAG_NAMES).envelope.error.message, 'fields must be strings.');
  });
});
