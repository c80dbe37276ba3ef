/**
 * Every failure `ep` reports carries a stable code and an exit code, so the CLI, the MCP server and
 * library callers report it the same way. Codes are part of the public contract: never rename one.
 */
export const ExitCode = {
  ok: 0,
  general: 1,
  usage: 2,
  notFound: 3,
  auth: 4,
  validation: 5,
  remote: 6,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

export interface EpErrorOptions {
  suggestion?: string;
  details?: Record<string, unknown>;
  cause?: unknown;
  exitCode?: ExitCode;
}

/** Marks an EpError from any copy of the runtime; the value is the shape version (code, exitCode, suggestion, details). */
const EP_ERROR_BRAND = Symbol.for('ep-runtime.EpError');
const EP_ERROR_SHAPE = 1;

export class EpError extends Error {
  /**
   * `instanceof EpError` is true for an EpError made by another copy of the runtime too (a plugin installed with
   * its own copy throws one): the check reads the brand, not the prototype chain. Subclasses keep the usual check.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (this !== EpError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === 'object' && value !== null && (value as { [EP_ERROR_BRAND]?: unknown })[EP_ERROR_BRAND] === EP_ERROR_SHAPE;
  }

  readonly code: string;
  readonly exitCode: ExitCode;
  readonly suggestion?: string;
  readonly details?: Record<string, unknown>;

  constructor(code: string, message: string, options: EpErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'EpError';
    Object.defineProperty(this, EP_ERROR_BRAND, { value: EP_ERROR_SHAPE });
    this.code = code;
    this.exitCode = options.exitCode ?? ExitCode.general;
    if (options.suggestion !== undefined) this.suggestion = options.suggestion;
    if (options.details !== undefined) this.details = options.details;
  }
}

export function isEpError(value: unknown): value is EpError {
  return (
    value instanceof EpError ||
    (value instanceof Error && typeof (value as EpError).code === 'string' && typeof (value as EpError).exitCode === 'number')
  );
}

/**
 * The same failure (code, exit code, message, suggestion, cause) with `added` details it does not have yet: the
 * keys it already carries win, so the innermost boundary that named it stays named. Accepts an EpError from
 * another copy of the runtime and returns one of this copy.
 */
export function withDetails(error: EpError, added: Record<string, unknown>): EpError {
  const copy = new EpError(error.code, error.message, {
    exitCode: error.exitCode,
    details: { ...added, ...error.details },
    ...(error.suggestion !== undefined ? { suggestion: error.suggestion } : {}),
    ...(error.cause !== undefined ? { cause: error.cause } : {}),
  });
  if (error.stack !== undefined) copy.stack = error.stack;
  return copy;
}

export function errorMessage(value: unknown): string {
  return value instanceof Error ? value.message : String(value);
}

/**
 * True when `value` (or an error it wraps) failed for lack of disk space or quota: an ENOSPC/EDQUOT from
 * Node, or git's report of one (git prints "No space left on device" and exits non-zero).
 */
export function isDiskFull(value: unknown): boolean {
  for (let error = value, depth = 0; error instanceof Error && depth < 8; error = error.cause, depth += 1) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC' || code === 'EDQUOT' || /No space left on device|Disk quota exceeded/.test(error.message)) return true;
  }
  return false;
}
