import { EpError, ExitCode } from '../../kernel/errors.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../../records/json.js';

export const PACKAGE_FORMAT = 'edsl.scenario_list.git_package';
export const PACKAGE_FORMAT_VERSION = 1;
/** The EDSL version whose package format this writer follows; kept from the package when it has one. */
export const DEFAULT_EDSL_VERSION = '1.0.8.dev1';

export interface ScenarioListManifest {
  readonly scenarioOrder: string[];
  /** The manifest as stored, so keys `ep` does not manage (`remotes`, `primary_remote`, ...) survive saves. */
  readonly raw: JsonObject;
}

function invalid(where: string, reason: string, details: Record<string, unknown> = {}): EpError {
  return new EpError('INVALID_PACKAGE', `${where} is not a valid package: ${reason}.`, {
    exitCode: ExitCode.validation,
    details: { path: where, ...details },
  });
}

const SCENARIO_ID = /^\d+$/;

/**
 * Checks a manifest as EDSL's reader and validator do. A well-formed package of another EDSL type (a
 * Survey, say) is `UNSUPPORTED_OBJECT`, not an invalid package.
 */
export function readManifest(value: JsonValue, where: string, scenarioFiles: { has(id: string): boolean }): ScenarioListManifest {
  if (!isJsonObject(value)) throw invalid(where, 'manifest.json is not a JSON object');
  const objectType = value.object_type ?? value.edsl_class_name;
  const isOtherType =
    (typeof value.format === 'string' && value.format !== PACKAGE_FORMAT && value.format.startsWith('edsl.')) ||
    (typeof objectType === 'string' && objectType !== 'ScenarioList');
  if (isOtherType) {
    throw new EpError(
      'UNSUPPORTED_OBJECT',
      `${where} holds an EDSL ${typeof objectType === 'string' ? objectType : (value.format as string)}, not a ScenarioList.`,
      {
        exitCode: ExitCode.validation,
        details: { path: where, objectType: objectType ?? null, format: value.format ?? null },
        suggestion: 'Point at a ScenarioList package (.ep) instead.',
      },
    );
  }
  if (value.format !== PACKAGE_FORMAT)
    throw invalid(where, `manifest format is ${JSON.stringify(value.format)}, expected "${PACKAGE_FORMAT}"`);
  if (value.format_version !== PACKAGE_FORMAT_VERSION)
    throw invalid(where, `unsupported format_version ${JSON.stringify(value.format_version)}`);
  if (value.edsl_class_name !== 'ScenarioList') throw invalid(where, 'edsl_class_name is not "ScenarioList"');
  if (typeof value.edsl_version !== 'string') throw invalid(where, 'edsl_version is missing');
  const order = value.scenario_order;
  if (!Array.isArray(order) || !order.every((id): id is string => typeof id === 'string' && SCENARIO_ID.test(id))) {
    throw invalid(where, 'scenario_order is not a list of scenario ids');
  }
  if (!ascending(order) && new Set(order).size !== order.length) throw invalid(where, 'scenario_order repeats an id');
  const missing = order.find((id) => !scenarioFiles.has(id));
  if (missing !== undefined)
    throw invalid(where, `scenario ${missing} is listed but scenarios/${missing}.json is missing`, { scenario: missing });
  if (value.n_scenarios !== order.length)
    throw invalid(where, `n_scenarios is ${JSON.stringify(value.n_scenarios)} but ${order.length} scenarios are listed`);
  return { scenarioOrder: order, raw: value };
}

/**
 * Whether the ids rise strictly (by length, then digits), so none repeats: the order EDSL and ep write, which
 * proves 100,000 ids distinct without a set of them.
 */
function ascending(order: readonly string[]): boolean {
  for (let i = 1; i < order.length; i += 1) {
    const previous = order[i - 1]!;
    const id = order[i]!;
    if (previous.length > id.length || (previous.length === id.length && previous >= id)) return false;
  }
  return true;
}

export function buildManifest(order: readonly string[], previous: JsonObject | undefined): JsonObject {
  return {
    ...previous,
    edsl_class_name: 'ScenarioList',
    edsl_version: typeof previous?.edsl_version === 'string' ? previous.edsl_version : DEFAULT_EDSL_VERSION,
    format: PACKAGE_FORMAT,
    format_version: PACKAGE_FORMAT_VERSION,
    n_scenarios: order.length,
    object_type: 'ScenarioList',
    scenario_order: [...order],
  };
}
