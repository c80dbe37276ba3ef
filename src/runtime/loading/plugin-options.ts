import { createRequire } from 'node:module';
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import { EpError, ExitCode } from '../../kernel/errors.js';
import type { PluginDeclaration } from '../../kernel/plugin.js';
import { PLUGIN_ID_PATTERN } from '../../kernel/plugin-validation.js';

export const PLUGIN_OPTIONS_INVALID = 'PLUGIN_OPTIONS_INVALID';

// Ajv is CommonJS and loaded only when some options need checking: a project without options never pays for it.
const require = createRequire(import.meta.url);
let ajv: Ajv | undefined;
const validators = new WeakMap<object, ValidateFunction>();

/**
 * Checks a plugin's options against the schema its factory declares, before the factory runs. `where` is
 * the config path they came from (`options["acme/search"]`), so the error points at what to edit.
 */
export function checkPluginOptions(declaration: PluginDeclaration | undefined, options: Record<string, unknown>, where: string): void {
  const schema = declaration?.optionsSchema;
  if (!declaration || !schema) return;
  if (Object.keys(options).length === 0 && !Array.isArray(schema.required)) return;
  const validate = validatorFor(declaration);
  if (validate(options)) return;
  const [first] = validate.errors ?? [];
  const path = first ? optionPath(where, first) : where;
  throw new EpError(
    PLUGIN_OPTIONS_INVALID,
    `Options for plugin ${declaration.id} are invalid: ${path} ${first ? problem(first) : 'is not accepted'}.`,
    {
      exitCode: ExitCode.validation,
      details: {
        plugin: declaration.id,
        path,
        problems: (validate.errors ?? []).map((error) => `${optionPath(where, error)} ${problem(error)}`),
      },
      suggestion: `Fix ${path} in the ep config (.edsl/ep.json); the plugin's options are described by its documentation.`,
    },
  );
}

/** A factory's declaration, checked: a malformed one is the plugin's error, not the user's. */
export function readDeclaration(factory: unknown, module: string): PluginDeclaration | undefined {
  const declaration = (factory as { declaration?: unknown } | null)?.declaration;
  if (declaration === undefined) return undefined;
  const { id, optionsSchema } = (declaration ?? {}) as { id?: unknown; optionsSchema?: unknown };
  const okSchema =
    optionsSchema === undefined || (typeof optionsSchema === 'object' && optionsSchema !== null && !Array.isArray(optionsSchema));
  if (typeof id !== 'string' || !PLUGIN_ID_PATTERN.test(id) || !okSchema) {
    throw new EpError(
      'PLUGIN_INVALID',
      `Plugin module ${module} declares its plugin wrongly: the declaration needs a namespaced id and an object optionsSchema.`,
      {
        exitCode: ExitCode.validation,
        details: { module },
      },
    );
  }
  return declaration as PluginDeclaration;
}

function validatorFor(declaration: PluginDeclaration): ValidateFunction {
  const schema = declaration.optionsSchema!;
  let validate = validators.get(schema);
  if (!validate) {
    if (!ajv) {
      const { Ajv: AjvClass } = require('ajv') as typeof import('ajv');
      ajv = new AjvClass({ allErrors: true, strict: false });
    }
    try {
      validate = ajv.compile(schema);
    } catch (cause) {
      throw new EpError('PLUGIN_INVALID', `Plugin ${declaration.id} declares an options schema Ajv cannot compile.`, {
        exitCode: ExitCode.validation,
        cause,
        details: { plugin: declaration.id },
      });
    }
    validators.set(schema, validate);
  }
  return validate;
}

function problem(error: ErrorObject): string {
  return error.keyword === 'additionalProperties' ? 'is not an option this plugin takes' : (error.message ?? 'is not accepted');
}

/** `options["acme/search"].limit`, from Ajv's JSON pointer and, for an unknown key, the key itself. */
function optionPath(where: string, error: ErrorObject): string {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  const extra = (error.params as { additionalProperty?: string }).additionalProperty;
  if (extra !== undefined) segments.push(extra);
  return where + segments.map((segment) => (/^[A-Za-z_$][\w$]*$/.test(segment) ? `.${segment}` : `[${JSON.stringify(segment)}]`)).join('');
}
