import { parseJsonPreservingNumbers } from '../storage/json/record-json-parser.js';
import { readCheckedFile, readCheckedFileSync } from './checked-file.js';
import { jsonTextDepth, limitExceeded, Limits } from './limits.js';

/** A JSON text that is not UTF-8 or does not parse; callers turn it into their own error code. */
export class JsonTextError extends Error {}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Decodes bytes as strict UTF-8, of any size (a replacement character would silently change keys and values). */
export function decodeUtf8Strict(bytes: Uint8Array, what: string): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new JsonTextError(`${what} is not valid UTF-8`);
  }
}

/** Decodes a JSON input within the input size limit. */
export function decodeJsonBytes(bytes: Uint8Array, what: string): string {
  if (bytes.length > Limits.jsonInputBytes) throw limitExceeded(`${what} size`, bytes.length, Limits.jsonInputBytes, 'bytes');
  return decodeUtf8Strict(bytes, what);
}

/**
 * Parses JSON text within the input size and nesting depth limits, as Python's `json.loads` reads it
 * (`NaN` and `Infinity` accepted, `1.0` and large integers kept exactly; see record-json-parser.ts).
 */
export function parseJsonText(text: string, what: string): unknown {
  if (text.length > Limits.jsonInputBytes) throw limitExceeded(`${what} size`, text.length, Limits.jsonInputBytes, 'bytes');
  const depth = jsonTextDepth(text);
  if (depth > Limits.nestingDepth) throw limitExceeded(`${what} nesting depth`, depth, Limits.nestingDepth, 'levels');
  try {
    return parseJsonPreservingNumbers(text);
  } catch (cause) {
    throw new JsonTextError(`${what} is not valid JSON: ${jsonSyntaxProblem(cause, text)}`);
  }
}

/**
 * What is wrong with JSON text, and where, without quoting it: V8's messages quote the text around the
 * error, and the text may be a file that is not meant to be shown (a config symlinked to a secret).
 */
export function jsonSyntaxProblem(cause: unknown, text: string): string {
  const message = cause instanceof Error ? cause.message : '';
  const phrase = message.split(/ in JSON| at position|, "|"/)[0]!.replace(/^Unexpected token .*$/, 'Unexpected character');
  const position = /at position (\d+)/.exec(message);
  const where = position ? ` at ${lineAndColumn(text, Number(position[1]))}` : '';
  return `${phrase.trim() === '' ? 'not JSON' : phrase.trim()}${where}`;
}

function lineAndColumn(text: string, position: number): string {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < position; i = text.indexOf('\n', i + 1)) {
    line += 1;
    lineStart = i + 1;
  }
  return `line ${line}, column ${position - lineStart + 1}`;
}

const JSON_INPUT_SUGGESTION = 'Name a JSON file; use @- to read standard input.';

/**
 * Reads a regular file of at most the JSON input limit through the checked reader: directories, devices and
 * FIFOs are refused with INVALID_INPUT, and the read stops past the limit whatever the file claims its size
 * is. A missing file throws Node's ENOENT error for the caller to report.
 */
export function readBoundedFile(file: string, what: string): Promise<Buffer> {
  return readCheckedFile(file, { what, maxBytes: Limits.jsonInputBytes, suggestion: JSON_INPUT_SUGGESTION });
}

export function readBoundedFileSync(file: string, what: string): Buffer {
  return readCheckedFileSync(file, { what, maxBytes: Limits.jsonInputBytes, suggestion: JSON_INPUT_SUGGESTION });
}

/** A JSON file read within the limits: LIMIT_EXCEEDED and INVALID_INPUT as EpErrors, syntax as JsonTextError. */
export async function readJsonFile(file: string, what: string): Promise<unknown> {
  return parseJsonText(decodeJsonBytes(await readBoundedFile(file, what), what), what);
}

export function readJsonFileSync(file: string, what: string): unknown {
  return parseJsonText(decodeJsonBytes(readBoundedFileSync(file, what), what), what);
}
