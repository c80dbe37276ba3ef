import { EpError, ExitCode, isEpError } from '../kernel/errors.js';
import { readCheckedFile } from '../limits/checked-file.js';
import { decodeUtf8Strict, jsonSyntaxProblem, JsonTextError } from '../limits/json-text.js';
import { assertRecordWithinLimits, Limits } from '../limits/limits.js';
import { parseJsonPreservingNumbers } from '../storage/json/record-json-parser.js';
import { isJsonObject } from './json.js';
import type { Scenario } from './scenario.js';

export interface ReadRecordsOptions {
  /** Called as records are read, for a progress bar on large inputs. */
  readonly onProgress?: (bytesRead: number, totalBytes: number) => void;
}

/**
 * Reads records from a JSON array file or a JSON Lines file (one object per line; blank lines ignored),
 * as Python's `json.loads` reads them (numbers keep their Python form). Errors name the file and, for JSON
 * Lines, the line.
 */
export async function readRecordsFile(file: string, options: ReadRecordsOptions = {}): Promise<Scenario[]> {
  let bytes: Buffer;
  try {
    bytes = await readCheckedFile(file, { what: `Records file ${file}`, maxBytes: Limits.recordsFileBytes });
  } catch (cause) {
    if (isEpError(cause)) throw cause;
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new EpError('FILE_NOT_FOUND', `Input file not found: ${file}`, { exitCode: ExitCode.notFound, details: { path: file } });
    }
    throw new EpError('INVALID_INPUT', `${file} cannot be read (${code ?? 'unknown error'}).`, {
      exitCode: ExitCode.usage,
      details: { path: file },
      cause,
    });
  }
  const text = strictUtf8(bytes, file);
  const head = /\S/.exec(text)?.[0] ?? '';
  return head === '[' ? readJsonArray(file, text, bytes.length, options) : readJsonLines(file, text, bytes.length, options);
}

/** The file's text; bytes that are not UTF-8 are an error rather than silently replaced. */
function strictUtf8(bytes: Buffer, file: string): string {
  try {
    return decodeUtf8Strict(bytes, file);
  } catch (cause) {
    if (!(cause instanceof JsonTextError)) throw cause;
    throw new EpError('INVALID_JSON', `${file} is not valid UTF-8.`, { exitCode: ExitCode.usage, details: { path: file }, cause });
  }
}

function readJsonArray(file: string, text: string, size: number, options: ReadRecordsOptions): Scenario[] {
  let parsed: unknown;
  try {
    parsed = parseJsonPreservingNumbers(text);
  } catch (cause) {
    throw new EpError('INVALID_JSON', `${file} is not valid JSON: ${jsonSyntaxProblem(cause, text)}`, {
      exitCode: ExitCode.usage,
      details: { path: file },
    });
  }
  if (!Array.isArray(parsed)) throw new EpError('INVALID_JSON', `${file} must hold a JSON array of objects.`, { exitCode: ExitCode.usage });
  parsed.forEach((record, index) => checkRecord(record, `${file} item ${index}`));
  options.onProgress?.(size, size);
  return parsed as Scenario[];
}

function readJsonLines(file: string, text: string, size: number, options: ReadRecordsOptions): Scenario[] {
  const records: Scenario[] = [];
  const lines = text.split(/\r?\n/);
  let consumed = 0;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    const lineNumber = index + 1;
    consumed += line.length + 1;
    if (line.trim() === '') continue;
    let record: unknown;
    try {
      record = parseJsonPreservingNumbers(line);
    } catch (cause) {
      throw new EpError('INVALID_JSON', `${file} line ${lineNumber} is not valid JSON: ${jsonSyntaxProblem(cause, line)}`, {
        exitCode: ExitCode.usage,
        details: { path: file, line: lineNumber },
        suggestion: 'Give a JSON array of objects, or JSON Lines with one object per line.',
      });
    }
    checkRecord(record, `${file} line ${lineNumber}`);
    records.push(record as Scenario);
    if (lineNumber % 1000 === 0) options.onProgress?.(Math.min(size, Math.round((consumed / text.length) * size)), size);
  }
  options.onProgress?.(size, size);
  return records;
}

function checkRecord(record: unknown, where: string): void {
  if (!isJsonObject(record)) {
    throw new EpError('INVALID_RECORD', `${where} is not a JSON object.`, { exitCode: ExitCode.validation, details: { where } });
  }
  assertRecordWithinLimits(record);
}
