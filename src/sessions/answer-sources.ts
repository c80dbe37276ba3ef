import { EpError, ExitCode } from '../kernel/errors.js';
import { readJsonFile } from '../limits/json-text.js';
import type { AnswerSource } from './session-context.js';

/**
 * Answers from a JSON file, for non-interactive runs: either an object mapping each question to its
 * answer (`"*"` answers any other question), or a list of answers given in the order questions come.
 */
export async function answersFromFile(file: string): Promise<AnswerSource> {
  let parsed: unknown;
  try {
    parsed = await readJsonFile(file, `Answers file ${file}`);
  } catch (cause) {
    if (cause instanceof EpError) throw cause;
    const missing = (cause as NodeJS.ErrnoException).code === 'ENOENT';
    throw new EpError(missing ? 'FILE_NOT_FOUND' : 'INVALID_JSON', missing ? `Answers file not found: ${file}` : (cause as Error).message, {
      exitCode: missing ? ExitCode.notFound : ExitCode.usage,
      details: { field: 'answersFile', path: file },
    });
  }
  return answersFrom(parsed, file);
}

export function answersFrom(value: unknown, origin = 'answers'): AnswerSource {
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    let next = 0;
    return () => (next < value.length ? value[next++] : undefined);
  }
  if (value !== null && typeof value === 'object' && Object.values(value).every((item) => typeof item === 'string')) {
    const map = value as Record<string, string>;
    return (question) => map[question] ?? map['*'];
  }
  throw new EpError('INVALID_ANSWERS', `${origin} must be a JSON list of strings or an object of question → answer strings.`, {
    exitCode: ExitCode.validation,
    details: { origin },
  });
}

/** No answers: every question is recorded as unanswered. */
export const noAnswers: AnswerSource = () => undefined;
