import { EpError, ExitCode } from '../kernel/errors.js';
import { isJsonObject, type JsonObject, type JsonValue } from './json.js';

/** A record: a JSON object. Context records conventionally carry `key`, `kind`, `summary`, `tags`, ... */
export type Scenario = JsonObject;

/** Field descriptions for a list's records; never part of search text. */
export type Codebook = Record<string, string>;

/** Reads a dotted path (`artifacts.spec`) from a record; undefined when any step is missing. */
export function getPath(record: Scenario, path: string): JsonValue | undefined {
  if (path in record) return record[path];
  // A plain name that is not there is simply absent; only dotted paths need walking.
  if (!path.includes('.')) return undefined;
  let current: JsonValue | undefined = record;
  for (const segment of path.split('.')) {
    if (!isJsonObject(current)) return undefined;
    current = current[segment];
  }
  return current;
}

export function assertScenario(value: unknown, where: string): Scenario {
  if (!isJsonObject(value)) {
    throw new EpError(
      'INVALID_RECORD',
      `${where} must be a JSON object, got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}.`,
      { exitCode: ExitCode.validation },
    );
  }
  return value;
}
