import { EpError, ExitCode } from '../kernel/errors.js';
import { limitExceeded, Limits } from '../limits/limits.js';
import { decodeJsonBytes, JsonTextError, parseJsonText, readBoundedFile } from '../limits/json-text.js';

/**
 * Reads a JSON argument given inline, as `@path`, or as `@-` for stdin. Every failure names the option,
 * so an agent knows which argument to fix.
 */
export async function readJsonArgument(value: string, option: string): Promise<unknown> {
  let text = value;
  if (value === '@-') {
    text = decodeUtf8(await readStdin(), option);
  } else if (value.startsWith('@')) {
    const file = value.slice(1);
    try {
      text = decodeUtf8(await readBoundedFile(file, option), option);
    } catch (cause) {
      if (cause instanceof EpError) throw cause;
      const code = (cause as NodeJS.ErrnoException).code;
      throw new EpError(
        code === 'EISDIR' ? 'INVALID_INPUT' : 'FILE_NOT_FOUND',
        code === 'EISDIR' ? `${option} names a directory, not a JSON file: ${file}` : `${option} file not found: ${file}`,
        { exitCode: code === 'EISDIR' ? ExitCode.usage : ExitCode.notFound, details: { option, path: file } },
      );
    }
  }
  return parseJson(text, option);
}

export function parseJson(text: string, option: string): unknown {
  try {
    return parseJsonText(text, option);
  } catch (cause) {
    if (!(cause instanceof JsonTextError)) throw cause;
    throw new EpError('INVALID_JSON', cause.message, {
      exitCode: ExitCode.usage,
      details: { option },
      suggestion: `Pass a JSON object, for example ${option} '{"key": "note.example"}', or ${option} @file.json.`,
    });
  }
}

async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    size += (chunk as Buffer).length;
    if (size > Limits.jsonInputBytes) throw limitExceeded('stdin input', size, Limits.jsonInputBytes, 'bytes');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function decodeUtf8(bytes: Uint8Array, option: string): string {
  try {
    return decodeJsonBytes(bytes, option);
  } catch (cause) {
    if (!(cause instanceof JsonTextError)) throw cause;
    throw new EpError('INVALID_JSON', `${option} is not valid UTF-8.`, { exitCode: ExitCode.usage, details: { option } });
  }
}
