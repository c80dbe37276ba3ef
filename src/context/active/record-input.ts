import { EpError, ExitCode } from '../../kernel/errors.js';
import { assertRecordWithinLimits, assertValidKey } from '../../limits/limits.js';
import { isJsonObject } from '../../records/json.js';
import type { Scenario } from '../../records/scenario.js';
import { withMember } from '../../storage/json/number-marks.js';

/**
 * Checks a record given to add or upsert before any package is touched: an object, within the limits,
 * with a key; a separate `key` fills a missing one and must agree with one that is present. Errors name the
 * request's fields (`record`, `key`); each entry point tells them in its own terms (CLI flags, tool arguments).
 */
export function recordToWrite(value: unknown, keyField: string, key?: string): Scenario {
  if (!isJsonObject(value)) {
    const got = Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
    throw new EpError('INVALID_RECORD', `record must be a JSON object (one context record); got ${got}.`, {
      exitCode: ExitCode.validation,
      details: { field: 'record' },
      suggestion: `Give an object such as '{"${keyField}": "note.example", "summary": "..."}'.`,
    });
  }
  assertRecordWithinLimits(value);
  let record: Scenario = value;
  if (key !== undefined) {
    assertValidKey(key);
    const own = record[keyField];
    if (own !== undefined && own !== key) {
      throw new EpError('KEY_MISMATCH', `key "${key}" contradicts the record's ${keyField} ${JSON.stringify(own)}.`, {
        exitCode: ExitCode.usage,
        details: { field: 'key', key, record_key: own },
        suggestion: `Leave the separate key out, or make the record's "${keyField}" match it.`,
      });
    }
    if (own === undefined) record = withMember(record, keyField, key);
  }
  assertValidKey(record[keyField], `"${keyField}"`);
  return record;
}
