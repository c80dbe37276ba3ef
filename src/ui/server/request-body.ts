import type { IncomingMessage } from 'node:http';
import { EpError, ExitCode } from '../../kernel/errors.js';

/** Context requests are a few fields; anything larger is not one. */
const MAX_BODY_BYTES = 64 * 1024;

/** The request's JSON body, which must say it is JSON (a form posted from another page cannot). */
export async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  if (!/^application\/json(;|$)/i.test(request.headers['content-type'] ?? '')) {
    throw bad('UI_BAD_REQUEST', 'The request body must be sent as application/json.');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw bad('UI_BODY_TOO_LARGE', `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch (error) {
    throw bad('INVALID_JSON', `The request body is not valid JSON: ${(error as Error).message}`);
  }
}

function bad(code: string, message: string): EpError {
  return new EpError(code, message, { exitCode: ExitCode.usage, details: { field: 'body' } });
}
