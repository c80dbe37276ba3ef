import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * A temp directory a stress case may write in (`jail/`: working dir, HOME, EP_HOME and TMPDIR), inside a
 * parent no command has any reason to touch. Whatever appears in the parent afterwards escaped; hostile
 * inputs point their traversals and their canary commands there.
 */
export class Sandbox {
  private constructor(
    /** The watched parent: only `jail/` belongs here. */
    readonly root: string,
    readonly jail: string,
  ) {}

  static async create(): Promise<Sandbox> {
    const root = await mkdtemp(path.join(os.tmpdir(), 'ep-stress-'));
    const jail = path.join(root, 'jail');
    const sandbox = new Sandbox(root, jail);
    await Promise.all([sandbox.home, sandbox.epHome, sandbox.tmp, sandbox.work].map((dir) => mkdir(dir, { recursive: true })));
    return sandbox;
  }

  get home(): string {
    return path.join(this.jail, 'home');
  }
  get epHome(): string {
    return path.join(this.jail, 'ep-home');
  }
  get tmp(): string {
    return path.join(this.jail, 'tmp');
  }
  get work(): string {
    return path.join(this.jail, 'work');
  }

  /** A path in the watched parent: writing it is an escape. */
  outside(name: string): string {
    return path.join(this.root, name);
  }

  /** A shell command that proves it ran by creating a canary file in the watched parent. */
  canaryCommand(tag: string): string {
    return `touch ${path.join(this.root, `canary-${tag}`)}`;
  }

  /** The environment every `ep` process of the case runs with: a canary HOME, EP_HOME and TMPDIR. */
  env(extra: Record<string, string> = {}): Record<string, string> {
    return {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      LANG: 'C.UTF-8',
      HOME: this.home,
      EP_HOME: this.epHome,
      TMPDIR: this.tmp,
      XDG_CONFIG_HOME: path.join(this.home, '.config'),
      ...extra,
    };
  }

  /** Entries of the parent other than the jail: canaries (a package's command ran) and other escapes. */
  async intruders(): Promise<{ canaries: string[]; escapes: string[] }> {
    const names = (await readdir(this.root)).filter((name) => name !== 'jail');
    return { canaries: names.filter((name) => name.startsWith('canary-')), escapes: names.filter((name) => !name.startsWith('canary-')) };
  }

  async dispose(): Promise<void> {
    await rm(this.root, { recursive: true, force: true });
  }
}
