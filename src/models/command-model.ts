import { EpError, ExitCode } from '../kernel/errors.js';
import type { ModelReply, ModelRequest, ModelRuntime } from './model-runtime.js';

export interface CommandModelOptions {
  /** The program to run, for example a local model's CLI. */
  readonly command?: string;
  readonly args?: readonly string[];
  readonly cwd?: string;
  readonly timeoutMs?: number;
}

/** Pipes each prompt to a program's stdin and takes its stdout (trimmed) as the reply. */
export class CommandModelRuntime implements ModelRuntime {
  readonly kind = 'command';

  constructor(private readonly options: CommandModelOptions) {}

  async complete(request: ModelRequest): Promise<ModelReply> {
    const command = this.options.command;
    if (!command) {
      throw new EpError('MODEL_NOT_CONFIGURED', 'The command model runtime has no command to run.', {
        exitCode: ExitCode.validation,
        suggestion: 'Set the plugin option "command" (and "args"), or EP_MODEL_COMMAND.',
      });
    }
    const { execa } = await import('execa');
    const result = await execa(command, [...(this.options.args ?? [])], {
      input: request.prompt,
      reject: false,
      ...(this.options.cwd ? { cwd: this.options.cwd } : {}),
      ...(this.options.timeoutMs ? { timeout: this.options.timeoutMs } : {}),
      ...(request.signal ? { cancelSignal: request.signal } : {}),
    });
    if (request.signal?.aborted) throw request.signal.reason;
    if (result.failed) {
      const status = result.exitCode !== undefined ? ` with exit code ${result.exitCode}` : '';
      throw new EpError(
        'MODEL_COMMAND_FAILED',
        `Model command ${command} failed${status}: ${String(result.stderr).slice(0, 300) || result.shortMessage}`,
        { details: { command, exitCode: result.exitCode ?? null } },
      );
    }
    return { text: String(result.stdout).trim(), model: command };
  }
}
