import { randomBytes } from 'node:crypto';
import { EpError, ExitCode } from '../kernel/errors.js';

/** Longest accepted session id; ids name a directory, so they stay well under file-name limits. */
export const MAX_SESSION_ID_LENGTH = 128;

const SESSION_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** A fresh, sortable id: `<prefix>_<yyyymmdd>_<12 hex>`. */
export function newSessionId(prefix = 'session'): string {
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return `${prefix}_${day}_${randomBytes(6).toString('hex')}`;
}

/** Short random id for turns and nodes. */
export function newShortId(prefix: string): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

/** Why an id is refused, or undefined when it is acceptable. */
export function sessionIdProblem(id: unknown): string | undefined {
  if (typeof id !== 'string' || id.length === 0) return 'it is empty';
  if (id.length > MAX_SESSION_ID_LENGTH) return `it is longer than ${MAX_SESSION_ID_LENGTH} characters`;
  if (id.includes('/') || id.includes('\\')) return 'it contains a path separator';
  if (id.includes('..')) return 'it contains ".."';
  if (!SESSION_ID_PATTERN.test(id)) return 'only letters, digits, "_", "-" and "." are allowed, starting with a letter or digit';
  return undefined;
}

/**
 * Checks an id before anything touches the disk: ids become directory names under `$EP_HOME/sessions/`,
 * so separators, `..` and unbounded lengths are refused.
 */
export function validateSessionId(id: unknown): string {
  const problem = sessionIdProblem(id);
  if (problem !== undefined) {
    throw new EpError('INVALID_SESSION_ID', `Session id ${JSON.stringify(id)} is not valid: ${problem}.`, {
      exitCode: ExitCode.validation,
      details: { sessionId: typeof id === 'string' ? id : String(id) },
      suggestion: 'Use the id ep printed for the session (see `ep session list`), or leave it out to start a new session.',
    });
  }
  return id as string;
}
