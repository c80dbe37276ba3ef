import type { GitRunner } from './git-runner.js';

export interface GitObject {
  readonly id: string;
  readonly type: string;
  readonly content: Buffer;
}

type BatchProcess = Awaited<ReturnType<GitRunner['spawn']>>['child'];

/**
 * One `git cat-file --batch` process for a whole load: requests are written in bulk and answers parsed as
 * they stream back, so reading 100,000 records costs one process, not 100,000. Missing or unreadable
 * objects answer undefined.
 */
export class BatchObjectReader {
  /** Wrapped: the process is itself a thenable, which promise resolution would wait for. */
  private readonly process: Promise<{ child: BatchProcess }>;
  private buffer: Buffer = Buffer.alloc(0);
  private readonly waiting: Array<(object: GitObject | undefined) => void> = [];
  private closed = false;

  constructor(git: GitRunner) {
    this.process = git.spawn(['cat-file', '--batch']).then(({ child }) => {
      child.stdout.on('data', (chunk: Buffer) => this.receive(chunk));
      const finish = () => this.drain();
      child.stdout.on('end', finish);
      child.then(finish, finish);
      child.stdin.on('error', () => undefined);
      return { child };
    });
  }

  /** Objects by name (an id or `ref^{tree}`-style expression), in order. */
  async read(names: readonly string[]): Promise<Array<GitObject | undefined>> {
    if (names.some((name) => /[\n\r]/.test(name))) throw new Error('object names may not contain line breaks');
    const { child } = await this.process;
    const answers = names.map(() => new Promise<GitObject | undefined>((resolve) => this.waiting.push(resolve)));
    if (this.closed) this.drain();
    else child.stdin.write(names.map((name) => `${name}\n`).join(''));
    return Promise.all(answers);
  }

  async readOne(name: string): Promise<GitObject | undefined> {
    return (await this.read([name]))[0];
  }

  async close(): Promise<void> {
    const { child } = await this.process;
    if (!this.closed) {
      this.closed = true;
      child.stdin.end();
    }
    await child;
  }

  private receive(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (;;) {
      const newline = this.buffer.indexOf(0x0a);
      if (newline < 0) return;
      const header = this.buffer.toString('utf8', 0, newline).split(' ');
      if (header.length !== 3) {
        this.buffer = this.buffer.subarray(newline + 1);
        this.waiting.shift()?.(undefined);
        continue;
      }
      const size = Number(header[2]);
      if (this.buffer.length < newline + 1 + size + 1) return;
      const content = Buffer.from(this.buffer.subarray(newline + 1, newline + 1 + size));
      this.buffer = this.buffer.subarray(newline + 1 + size + 1);
      this.waiting.shift()?.({ id: header[0]!, type: header[1]!, content });
    }
  }

  /** The process ended (a corrupt object makes git exit): whatever is still awaited is unreadable. */
  private drain(): void {
    this.closed = true;
    while (this.waiting.length) this.waiting.shift()!(undefined);
  }
}
