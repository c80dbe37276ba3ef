import { EpError, ExitCode } from '../kernel/errors.js';

/** Stable codes for trusting project configs. */
export const TrustErrorCode = {
  /** A project config names code to load or run, and the user has not trusted its current content. */
  notTrusted: 'CONFIG_NOT_TRUSTED',
  /** `ep trust` found no config to trust (or revoke). */
  configNotFound: 'CONFIG_NOT_FOUND',
} as const;

export function configNotFound(message: string, details: Record<string, unknown>): EpError {
  return new EpError(TrustErrorCode.configNotFound, message, {
    exitCode: ExitCode.notFound, details,
    suggestion: 'Name the config file (<project>/.edsl/ep.json) or its project directory, or run from inside the project.',
  });
}
