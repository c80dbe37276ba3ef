import { EpError, ExitCode, errorMessage } from '../../kernel/errors.js';

/** Stable codes for trusting project configs. */
export const TrustErrorCode = {
  /** A project config names code to load or run, and the user has not trusted its current content. */
  notTrusted: 'CONFIG_NOT_TRUSTED',
  /** `ep trust` found no config to trust (or revoke). */
  configNotFound: 'CONFIG_NOT_FOUND',
  /** The trust record could not be written or removed under `$EP_HOME/trust/`. */
  writeFailed: 'TRUST_WRITE_FAILED',
} as const;

export function trustWriteFailed(dir: string, cause: unknown): EpError {
  return new EpError(TrustErrorCode.writeFailed, `Could not change the trust records in ${dir}: ${errorMessage(cause)}.`, {
    cause,
    details: { dir },
    suggestion: 'Check that EP_HOME is a directory you can write.',
  });
}

export function configNotFound(message: string, details: Record<string, unknown>): EpError {
  return new EpError(TrustErrorCode.configNotFound, message, {
    exitCode: ExitCode.notFound,
    details,
    suggestion: 'Name the config file (<project>/.edsl/ep.json) or its project directory, or run from inside the project.',
  });
}
