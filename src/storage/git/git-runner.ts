import type { ResultPromise } from 'execa';
import { EpError, ExitCode } from '../../kernel/errors.js';

/**
 * Runs git inside an unpacked package without letting the package run anything: no system or global
 * config (the repository's own config is one `ep` wrote), hooks pointed at an empty directory, no
 * attribute files, no fsmonitor, no pager or prompts, and every transport refused unless a push or pull
 * names the ones it needs. The parent environment's `GIT_*` variables never reach it.
 */
export interface GitRunnerOptions {
  /** The `.git` directory. */
  readonly gitDir: string;
  /** An empty directory used as `core.hooksPath`. */
  readonly emptyHooksDir: string;
  /** A private HOME, so no `~/.gitconfig` or credential helper is read. */
  readonly home: string;
}

export interface GitRunOptions {
  readonly input?: string | Uint8Array;
  /** Transports this call may use (`file`, `https`, `ssh`); none by default. */
  readonly protocols?: readonly string[];
}

export class GitRunner {
  constructor(private readonly options: GitRunnerOptions) {}

  args(extra: readonly string[], protocols: readonly string[] = []): string[] {
    const config = [
      `core.hooksPath=${this.options.emptyHooksDir}`,
      'core.attributesFile=/dev/null',
      'core.fsmonitor=false',
      'core.pager=cat',
      'core.askPass=',
      'credential.helper=',
      'gc.autoDetach=false',
      'gc.auto=0',
      'maintenance.auto=false',
      'protocol.allow=never',
      ...protocols.map((protocol) => `protocol.${protocol}.allow=always`),
    ];
    return [...config.flatMap((entry) => ['-c', entry]), ...extra];
  }

  env(): Record<string, string> {
    return {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: this.options.home,
      GIT_DIR: this.options.gitDir,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_ATTR_NOSYSTEM: '1',
      GIT_TERMINAL_PROMPT: '0',
      GIT_OPTIONAL_LOCKS: '0',
      LC_ALL: 'C',
    };
  }

  async run(args: readonly string[], options: GitRunOptions = {}): Promise<string> {
    const { execa } = await loadExeca();
    const result = await execa('git', this.args(args, options.protocols), {
      cwd: this.options.gitDir,
      env: this.env(),
      extendEnv: false,
      reject: false,
      stripFinalNewline: false,
      ...(options.input !== undefined ? { input: options.input } : { stdin: 'ignore' as const }),
    });
    if (result.exitCode !== 0) {
      throw new EpError('GIT_FAILED', `git ${args[0]} failed: ${String(result.stderr).trim() || `exit code ${result.exitCode}`}`, {
        exitCode: ExitCode.general,
        details: { command: args[0], exitCode: result.exitCode },
      });
    }
    return String(result.stdout);
  }

  /**
   * A long-running git process with piped stdin and stdout (`cat-file --batch`). Wrapped in an object
   * because the process is itself a promise, which an async function would otherwise wait for.
   */
  async spawn(
    args: readonly string[],
  ): Promise<{ child: ResultPromise<{ buffer: false; stdin: 'pipe'; stdout: 'pipe'; reject: false; encoding: 'buffer' }> }> {
    const { execa } = await loadExeca();
    const child = execa('git', this.args(args), {
      cwd: this.options.gitDir,
      env: this.env(),
      extendEnv: false,
      buffer: false,
      stdin: 'pipe',
      stdout: 'pipe',
      reject: false,
      encoding: 'buffer',
    });
    return { child };
  }
}

/** execa is loaded on first use: reads that never run git (the common case) skip its start-up cost. */
let execaModule: Promise<typeof import('execa')> | undefined;
function loadExeca(): Promise<typeof import('execa')> {
  execaModule ??= import('execa');
  return execaModule;
}
