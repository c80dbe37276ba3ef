import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EpError, type ExitCode, errorMessage } from '../kernel/errors.js';
import { withoutUndefined } from '../util/without-undefined.js';
import { currentSession } from './session-context.js';

/** The `ep` binary of this installation (this file runs from dist/src/sessions/). */
const EP_BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../bin/ep.cjs');

export interface SubprocessRunOptions {
  /** Working directory of the child (where relative targets and the ep config are resolved). */
  readonly cwd?: string;
  /** An answers file for the child's questions (a callback cannot cross a process boundary). */
  readonly answersFile?: string;
  /** Session to use when called outside a session; inside one, the current session is always used. */
  readonly sessionId?: string;
  readonly env?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
}

export interface SubprocessRunResult {
  readonly sessionId: string;
  readonly created: boolean;
  readonly output: unknown;
}

/**
 * Runs an agent function (`<module>#<export>`, as `ep run` takes it) in a child process, through the same
 * session entry point. Inside a session the child joins it: the session id, the current call (as the
 * parent of the child's calls) and the store location are carried across, and once the child is done
 * its nodes are read back, so later history and numbering include them.
 */
export async function runAgentInSubprocess(
  target: string,
  input: unknown,
  options: SubprocessRunOptions = {},
): Promise<SubprocessRunResult> {
  const state = currentSession();
  const args = [EP_BIN, 'run', target, '--input', JSON.stringify(input ?? {})];
  const sessionId = state?.sessionId ?? options.sessionId;
  if (sessionId !== undefined) args.push('--session', sessionId);
  if (state?.callId) args.push('--parent-call', state.callId);
  if (options.answersFile) args.push('--answers', options.answersFile);
  const signal = options.signal ?? state?.signal;
  const env = {
    ...(state ? withoutUndefined(state.env) : {}),
    ...options.env,
    ...(state ? { EP_HOME: state.store.home } : {}),
  };
  const { execa } = await import('execa');
  const result = await execa(process.execPath, args, {
    cwd: options.cwd ?? process.cwd(),
    env,
    reject: false,
    stdin: 'ignore',
    ...(signal ? { cancelSignal: signal } : {}),
  });
  if (state) await state.writer.refresh();
  let envelope: {
    status?: string;
    data?: SubprocessRunResult;
    error?: { code: string; message: string; details?: Record<string, unknown> };
  };
  try {
    envelope = JSON.parse(String(result.stdout)) as typeof envelope;
  } catch {
    if (signal?.aborted) throw cancelled(target, signal, sessionId);
    throw new EpError(
      'SUBPROCESS_FAILED',
      `The child process for ${target} printed no envelope (exit ${result.exitCode}): ${String(result.stderr).slice(0, 300)}`,
      {
        details: { target, exitCode: result.exitCode ?? null },
      },
    );
  }
  if (signal?.aborted) throw cancelled(target, signal, (envelope.error?.details?.sessionId as string | undefined) ?? sessionId);
  if (envelope.status !== 'ok' || !envelope.data) {
    const error = envelope.error ?? { code: 'SUBPROCESS_FAILED', message: `The child process for ${target} failed.` };
    throw new EpError(error.code, error.message, {
      exitCode: (result.exitCode ?? 1) as ExitCode,
      details: { ...error.details, target, inSubprocess: true },
    });
  }
  return { sessionId: envelope.data.sessionId, created: envelope.data.created, output: envelope.data.output };
}

/** The child was stopped (SIGTERM) because the signal aborted; it records its own nodes as cancelled. */
function cancelled(target: string, signal: AbortSignal, sessionId: string | undefined): EpError {
  return new EpError('RUN_CANCELLED', `${target} was cancelled in its subprocess: ${errorMessage(signal.reason)}`, {
    cause: signal.reason,
    details: { target, ...(sessionId ? { sessionId } : {}) },
  });
}
