import { EpError, ExitCode, errorMessage, isDiskFull } from '../kernel/errors.js';
import { stringifyJsonPreservingNumbers } from '../storage/json/exact-json-writer.js';

/** A warning is a plain string or a coded one, as EDSL's CLI reports them. */
export type Warning = string | { code: string; message: string };

export interface OkEnvelope {
  status: 'ok';
  data: unknown;
  warnings: Warning[];
}

export interface ErrorEnvelope {
  status: 'error';
  error: { code: string; message: string; suggestion?: string; details?: Record<string, unknown> };
}

export function okEnvelope(data: unknown, warnings: Warning[] = []): OkEnvelope {
  return { status: 'ok', data, warnings };
}

/** How an entry point calls the library's request fields (`topK`): `--top-k` on the CLI, `top_k` over MCP. */
export type FieldNames = Readonly<Record<string, string>>;

/**
 * Any thrown value becomes an envelope; unexpected errors keep their message but never a stack trace. An
 * error about a request field (`details.field`) names it as the caller knows it, by `fieldNames`.
 */
export function errorEnvelope(error: unknown, fieldNames: FieldNames = {}): { envelope: ErrorEnvelope; exitCode: ExitCode } {
  if (error instanceof EpError) {
    const details = { ...error.details, ...(error.cause !== undefined ? { cause: errorMessage(error.cause) } : {}) };
    const field = typeof error.details?.field === 'string' ? error.details.field : undefined;
    const shown = field !== undefined ? fieldNames[field] : undefined;
    return {
      exitCode: error.exitCode,
      envelope: {
        status: 'error',
        error: {
          code: error.code,
          message:
            shown !== undefined && error.message.startsWith(`${field} `) ? `${shown}${error.message.slice(field!.length)}` : error.message,
          ...(error.suggestion ? { suggestion: error.suggestion } : {}),
          ...(Object.keys(details).length > 0 ? { details } : {}),
        },
      },
    };
  }
  return {
    exitCode: ExitCode.general,
    envelope: { status: 'error', error: { code: isDiskFull(error) ? 'DISK_FULL' : 'INTERNAL_ERROR', message: errorMessage(error) } },
  };
}

/**
 * stdout carries exactly one envelope per command. Numbers read in a Python form print in it (`1.0`, every
 * digit of a large integer), and NaN and ±Infinity as Python writes them: text Python's `json.loads` reads.
 * `delivered` is called once the whole text has been handed to the system (on a pipe, a long envelope is
 * written in parts, as the reader takes them).
 */
export function writeEnvelope(envelope: OkEnvelope | ErrorEnvelope, delivered?: () => void): void {
  written = true;
  process.stdout.write(
    `${stringifyJsonPreservingNumbers(envelope, { indent: 2 })}
`,
    delivered,
  );
}

/**
 * Prints a command's output as plain text instead of its envelope (`--format text`), for callers that put
 * it straight into a prompt. Failures are still envelopes. `delivered` as for `writeEnvelope`.
 */
export function writeText(text: string, delivered?: () => void): void {
  written = true;
  process.stdout.write(text.endsWith('\n') || text === '' ? text : `${text}\n`, delivered);
}

let written = false;

/** Whether this process has printed its envelope (a failure after that is told on stderr, not stdout). */
export function envelopeWritten(): boolean {
  return written;
}
