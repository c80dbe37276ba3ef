import { EpError, ExitCode } from '../../kernel/errors.js';

/** Numbers a context request carries (`topK`, budgets), checked with errors that name the field. */
export function positiveInteger(value: number | undefined, field: string): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < 1) throw badNumber(field, value, 'a positive integer');
  return value;
}

export function nonNegativeInteger(value: number | undefined, field: string): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < 0) throw badNumber(field, value, 'a non-negative integer');
  return value;
}

/** Names the request's field (`topK`); the CLI and MCP tell it as their own flag or argument. */
function badNumber(field: string, value: number, expected: string): EpError {
  return new EpError('USAGE_ERROR', `${field} must be ${expected}; got ${String(value)}.`, {
    exitCode: ExitCode.usage,
    details: { field },
  });
}
