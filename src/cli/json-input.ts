import { readFile } from 'node:fs/promises';
import { EpError, ExitCode } from '../kernel/errors.js';

/**
 * Reads a JSON argument given inline, as `@path`, or as `@-` for stdin. Every failure names the option,
 * so an agent knows which argument to fix.
 */
export async function readJsonArgument(value: string, option: string): Promise<unknown> {
  let text = value;
  if (value === '@-') {
    text = await readStdin();
  } else if (value.startsWith('@')) {
    const file = value.slice(1);
    try {
      text = await readFile(file, 'utf8');
    } catch (cause) {
      const code = (cause as NodeJS.ErrnoException).code;
      throw new EpError(code === 'EISDIR' ? 'INVALID_INPUT' : 'FILE_NOT_FOUND',
        code === 'EISDIR' ? `${option} names a directory, not a JSON file: ${file}` : `${option} file not found: ${file}`,
        { exitCode: code === 'EISDIR' ? ExitCode.usage : ExitCode.notFound, details: { option, path: file } });
    }
  }
  return parseJson(text, option);
}

export function parseJson(text: string, option: string): unknown {
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new EpError('INVALID_JSON', `${option} is not valid JSON: ${(cause as Error).message}`, {
      exitCode: ExitCode.usage, details: { option },
      suggestion: `Pass a JSON object, for example ${option} '{"key": "note.example"}', or ${option} @file.json.`,
    });
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
