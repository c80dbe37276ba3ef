import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { EpError, ExitCode } from '../kernel/errors.js';
import { assertRecordWithinLimits } from '../limits/limits.js';
import { isJsonObject } from './json.js';
import type { Scenario } from './scenario.js';

export interface ReadRecordsOptions {
  /** Called as records are read, for a progress bar on large inputs. */
  readonly onProgress?: (bytesRead: number, totalBytes: number) => void;
}

/**
 * Reads records from a JSON array file or a JSON Lines file (one object per line; blank lines ignored).
 * Errors name the file and, for JSON Lines, the line.
 */
export async function readRecordsFile(file: string, options: ReadRecordsOptions = {}): Promise<Scenario[]> {
  let size: number;
  try {
    const info = await stat(file);
    if (info.isDirectory()) throw new EpError('INVALID_INPUT', `${file} is a directory, not a JSON file.`, { exitCode: ExitCode.usage, details: { path: file } });
    size = info.size;
  } catch (cause) {
    if (cause instanceof EpError) throw cause;
    throw new EpError('FILE_NOT_FOUND', `Input file not found: ${file}`, { exitCode: ExitCode.notFound, details: { path: file } });
  }
  const head = await firstNonSpace(file);
  return head === '[' ? readJsonArray(file, size, options) : readJsonLines(file, size, options);
}

async function firstNonSpace(file: string): Promise<string> {
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 4096 })) {
    const match = /\S/.exec(chunk as string);
    if (match) return match[0];
  }
  return '';
}

async function readJsonArray(file: string, size: number, options: ReadRecordsOptions): Promise<Scenario[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (cause) {
    throw new EpError('INVALID_JSON', `${file} is not valid JSON: ${(cause as Error).message}`, { exitCode: ExitCode.usage, details: { path: file } });
  }
  if (!Array.isArray(parsed)) throw new EpError('INVALID_JSON', `${file} must hold a JSON array of objects.`, { exitCode: ExitCode.usage });
  parsed.forEach((record, index) => checkRecord(record, `${file} item ${index}`));
  options.onProgress?.(size, size);
  return parsed as Scenario[];
}

async function readJsonLines(file: string, size: number, options: ReadRecordsOptions): Promise<Scenario[]> {
  const records: Scenario[] = [];
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let lineNumber = 0;
  let bytes = 0;
  for await (const line of lines) {
    lineNumber += 1;
    bytes += Buffer.byteLength(line) + 1;
    if (line.trim() === '') continue;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch (cause) {
      throw new EpError('INVALID_JSON', `${file} line ${lineNumber} is not valid JSON: ${(cause as Error).message}`, {
        exitCode: ExitCode.usage, details: { path: file, line: lineNumber },
        suggestion: 'Give a JSON array of objects, or JSON Lines with one object per line.',
      });
    }
    checkRecord(record, `${file} line ${lineNumber}`);
    records.push(record as Scenario);
    if (lineNumber % 1000 === 0) options.onProgress?.(bytes, size);
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
