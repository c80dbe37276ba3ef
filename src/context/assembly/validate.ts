import { EpError, ExitCode } from '../../kernel/errors.js';

/** The one error every CRP model raises on bad input: it names the model and the field. */
export function crpInvalid(model: string, field: string, problem: string, value?: unknown): EpError {
  return new EpError('CRP_INVALID', `${model}.${field} ${problem}${value === undefined ? '' : `, got ${JSON.stringify(value)}`}.`, {
    exitCode: ExitCode.validation,
    details: { model, field, ...(value === undefined ? {} : { value }) },
  });
}

export function requireNonEmptyString(model: string, field: string, value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw crpInvalid(model, field, 'must be a non-empty string', value);
  return value;
}

export function requireNonNegativeInteger(model: string, field: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw crpInvalid(model, field, 'must be a non-negative integer', value);
  }
  return value;
}

export function requireUnitInterval(model: string, field: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) {
    throw crpInvalid(model, field, 'must be a number between 0.0 and 1.0', value);
  }
  return value;
}
