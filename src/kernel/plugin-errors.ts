import { EpError, ExitCode } from './errors.js';

/** Stable codes for every way loading or starting plugins can fail. */
export const PluginErrorCode = {
  moduleNotFound: 'PLUGIN_NOT_FOUND',
  noExport: 'PLUGIN_NO_EXPORT',
  invalid: 'PLUGIN_INVALID',
  engineMismatch: 'PLUGIN_ENGINE_MISMATCH',
  duplicateId: 'PLUGIN_DUPLICATE_ID',
  duplicateProvider: 'PLUGIN_DUPLICATE_PROVIDER',
  missingDependency: 'PLUGIN_MISSING_DEPENDENCY',
  dependencyCycle: 'PLUGIN_DEPENDENCY_CYCLE',
  registerFailed: 'PLUGIN_REGISTER_FAILED',
  initializeFailed: 'PLUGIN_INIT_FAILED',
  shutdownFailed: 'PLUGIN_SHUTDOWN_FAILED',
  serviceFailed: 'PLUGIN_SERVICE_FAILED',
  undeclaredService: 'PLUGIN_UNDECLARED_SERVICE',
  classDependenciesUnknown: 'PLUGIN_CLASS_DEPENDENCIES_UNKNOWN',
  unknownProvider: 'PLUGIN_UNKNOWN_PROVIDER',
  configInvalid: 'PLUGIN_CONFIG_INVALID',
} as const;

export function pluginError(
  code: (typeof PluginErrorCode)[keyof typeof PluginErrorCode],
  message: string,
  details: Record<string, unknown>,
  options: { suggestion?: string; cause?: unknown } = {},
): EpError {
  const exitCode =
    code === PluginErrorCode.moduleNotFound
      ? ExitCode.notFound
      : code === PluginErrorCode.invalid || code === PluginErrorCode.configInvalid
        ? ExitCode.validation
        : ExitCode.general;
  return new EpError(code, message, { ...options, details, exitCode });
}
