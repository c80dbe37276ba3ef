import { After, Before, setDefaultTimeout, setWorldConstructor, World, type IWorldOptions } from '@cucumber/cucumber';
import { execa } from 'execa';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { splitCommandLine } from './command-line.js';

/** The repository root (this file runs from dist/features/support/). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const EP_BIN = path.join(REPO_ROOT, 'bin/ep.cjs');

export interface CommandRun {
  readonly args: string[];
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
  /** The parsed envelope, when stdout held exactly one JSON document. */
  readonly envelope?: any;
}

/**
 * The driver every step goes through: a temporary project directory, an isolated EP_HOME, and the real
 * `ep` binary run with execa. Steps stay one to five lines and call into this.
 */
export class EpWorld extends World {
  /** The temporary project directory commands run in. */
  dir = '';
  /** EP_HOME for this scenario, so sessions never touch the user's home. */
  home = '';
  last?: CommandRun;
  /** Free-form values steps share within a scenario (library objects, ids). */
  readonly values = new Map<string, unknown>();

  constructor(options: IWorldOptions) {
    super(options);
  }

  resolve(relative: string): string {
    return path.resolve(this.dir, relative);
  }

  async writeFile(relative: string, content: string | Buffer): Promise<string> {
    const file = this.resolve(relative);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
    return file;
  }

  async writeJson(relative: string, value: unknown): Promise<string> {
    return this.writeFile(relative, `${JSON.stringify(value, null, 2)}\n`);
  }

  /**
   * Runs `ep` with arguments (a command line string or an array) in `cwd` (default: the project dir). `bin` runs
   * another copy of ep than this checkout's (one installed from a packed tarball).
   */
  async ep(
    commandLine: string | string[],
    options: { cwd?: string; input?: string; env?: Record<string, string>; bin?: string } = {},
  ): Promise<CommandRun> {
    const args = typeof commandLine === 'string' ? splitCommandLine(commandLine) : commandLine;
    if (args[0] === 'ep') args.shift();
    const result = await execa(process.execPath, [options.bin ?? EP_BIN, ...args], {
      cwd: options.cwd ? this.resolve(options.cwd) : this.dir,
      env: { ...this.commandEnv(), ...options.env },
      reject: false,
      ...(options.input !== undefined ? { input: options.input } : { stdin: 'ignore' }),
      timeout: 60_000,
    });
    return this.record(args, result.exitCode ?? -1, result.stdout, result.stderr);
  }

  /** What every `ep` a scenario runs has in its environment, besides the test process's own. */
  commandEnv(): Record<string, string> {
    // TMPDIR inside the scenario's directory: whatever a command puts in temp space is removed with it.
    return { EP_HOME: this.home, TMPDIR: path.join(this.dir, '.tmp'), NO_COLOR: '1' };
  }

  /** Keeps a finished run as the last one, with its envelope when stdout is one JSON document. */
  record(args: string[], exitCode: number, stdout: string, stderr: string): CommandRun {
    let envelope: any;
    try {
      envelope = JSON.parse(stdout);
    } catch {
      envelope = undefined;
    }
    this.last = { args, exitCode, stdout, stderr, envelope };
    return this.last;
  }

  /** The last run, which must exist and have printed one envelope. */
  get lastEnvelope(): any {
    if (!this.last) throw new Error('No command has run yet.');
    if (this.last.envelope === undefined) {
      throw new Error(`stdout is not one JSON envelope:\n${this.last.stdout}\nstderr:\n${this.last.stderr}`);
    }
    return this.last.envelope;
  }
}

setWorldConstructor(EpWorld);
setDefaultTimeout(60_000);

Before(async function (this: EpWorld) {
  this.dir = await mkdtemp(path.join(tmpdir(), 'ep-accept-'));
  this.home = path.join(this.dir, '.ep-home');
  await mkdir(path.join(this.dir, '.tmp'));
});

After(async function (this: EpWorld) {
  await rm(this.dir, { recursive: true, force: true });
});
