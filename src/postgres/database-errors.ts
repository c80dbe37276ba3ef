import { EpError, ExitCode, errorMessage } from '../kernel/errors.js';

/** Stable codes for what can go wrong between ep and a PostgreSQL server. */
export const DatabaseErrorCode = {
  /** The URL is not a `postgres://` URL ep can use. */
  badUrl: 'DATABASE_URL_INVALID',
  /** No server answered, or it refused the login or the database. */
  unreachable: 'DATABASE_UNREACHABLE',
  /** The database holds a schema version this ep does not know, or an older one it may not migrate. */
  schemaVersion: 'DATABASE_SCHEMA_VERSION',
  /** The server went away during a write; the write was rolled back whole. */
  connectionLost: 'DATABASE_CONNECTION_LOST',
  /** Any other failure the server reported. */
  failed: 'DATABASE_ERROR',
} as const;

/** A database URL with its password left out, for messages. */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(an unparsable URL)';
  }
}

const UNREACHABLE_ERRNO = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT']);
const LOST_ERRNO = new Set(['ECONNRESET', 'EPIPE']);
/** SQLSTATE classes: 08 connection exception, 28 invalid authorization, 3D invalid catalog (no such database), 57P shutdown. */
const UNREACHABLE_STATE = /^(08|28|3D)/;
const LOST_STATE = /^57P0[123]$/;

/**
 * What the `pg` client threw, as an EpError with a stable code; `during` says what ep was doing. Once ep has
 * reached the server (`reached`), a refused connection means the server went away, not that it never was.
 */
export function databaseError(cause: unknown, url: string, during: string, reached = false): EpError {
  if (cause instanceof EpError) return cause;
  const code = (cause as { code?: unknown } | null)?.code;
  const message = errorMessage(cause);
  const where = shownUrl(url);
  const details = { url: where, during, ...(typeof code === 'string' ? { cause: code } : {}) };
  const unreachable = typeof code === 'string' ? UNREACHABLE_ERRNO.has(code) || UNREACHABLE_STATE.test(code) : /connect/i.test(message);
  const lost = (typeof code === 'string' && (LOST_ERRNO.has(code) || LOST_STATE.test(code))) || /terminated/i.test(message);
  if (lost || (reached && unreachable)) {
    return new EpError(
      DatabaseErrorCode.connectionLost,
      `The PostgreSQL server at ${where} went away while ep was ${during}: ${message}.`,
      {
        exitCode: ExitCode.remote,
        details,
        cause,
        suggestion: 'Nothing of the interrupted write was kept; run the command again once the server is back.',
      },
    );
  }
  if (unreachable) {
    return new EpError(DatabaseErrorCode.unreachable, `Cannot reach the PostgreSQL database ${where} while ${during}: ${message}.`, {
      exitCode: ExitCode.remote,
      details,
      cause,
      suggestion: 'Check that the server is running and that EP_DATABASE_URL (or the configured url) names it, its user and its database.',
    });
  }
  return new EpError(DatabaseErrorCode.failed, `The PostgreSQL database ${where} failed while ep was ${during}: ${message}.`, {
    exitCode: ExitCode.general,
    details,
    cause,
  });
}
