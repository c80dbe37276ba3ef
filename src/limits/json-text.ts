import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { EpError, ExitCode } from '../kernel/errors.js';
import { parseJsonPreservingNumbers } from '../storage/json/record-json-parser.js';
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
    throw new JsonTextError(`${what} is not valid JSON: ${(cause as Error).message}`);
  }
}

/** Non-blocking, so opening a FIFO returns at once (and is then refused) instead of waiting for a writer. */
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK;

const notRegular = (file: string) => new EpError('INVALID_INPUT', `${file} is not a regular file.`, {
  exitCode: ExitCode.usage, details: { path: file }, suggestion: 'Name a JSON file; use @- to read standard input.',
});

/**
 * Reads a regular file of at most the JSON input limit. Directories, devices and FIFOs are refused, and the
 * read stops past the limit whatever the file claims its size is, so a read always ends and stays bounded.
 * A missing file throws Node's ENOENT error for the caller to report.
 */
export async function readBoundedFile(file: string, what: string): Promise<Buffer> {
  // Regular files of at most the input limit: the synchronous read is as fast and keeps one implementation.
  return readBoundedFileSync(file, what);
}

export function readBoundedFileSync(file: string, what: string): Buffer {
  const fd = openSync(file, OPEN_FLAGS);
  try {
    if (!fstatSync(fd).isFile()) throw notRegular(file);
    const chunks: Buffer[] = [];
    let size = 0;
    for (;;) {
      const chunk = Buffer.alloc(64 * 1024);
      const bytesRead = readSync(fd, chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      size += bytesRead;
      if (size > Limits.jsonInputBytes) throw limitExceeded(`${what} size`, size, Limits.jsonInputBytes, 'bytes');
      chunks.push(chunk.subarray(0, bytesRead));
    }
    return Buffer.concat(chunks);
  } finally {
    closeSync(fd);
  }
}

/** A JSON file read within the limits: LIMIT_EXCEEDED and INVALID_INPUT as EpErrors, syntax as JsonTextError. */
export async function readJsonFile(file: string, what: string): Promise<unknown> {
  return parseJsonText(decodeJsonBytes(await readBoundedFile(file, what), what), what);
}

export function readJsonFileSync(file: string, what: string): unknown {
  return parseJsonText(decodeJsonBytes(readBoundedFileSync(file, what), what), what);
}
