import type { GitRunner } from './git-runner.js';

export interface GitObject {
  readonly id: string;
  readonly type: string;
  readonly content: Buffer;
}

export interface ReadOptions {
  /**
   * Most bytes each object may have. An answer announcing more fails the read with `tooLarge`'s error as
   * soon as its header arrives, before its bytes are taken in, and stops the process.
   */
  readonly maxBytes?: number;
  readonly tooLarge?: (object: { id: string; type: string; size: number }) => Error;
}

type BatchProcess = Awaited<ReturnType<GitRunner['spawn']>>['child'];

interface Waiter {
  readonly resolve: (object: GitObject | undefined) => void;
  readonly reject: (error: Error) => void;
  readonly options: ReadOptions;
}

/** An answer whose header has arrived: its bytes and the newline after them are copied in as they stream. */
interface Incoming {
  readonly id: string;
  readonly type: string;
  readonly bytes: Buffer;
  filled: number;
}

const EMPTY = Buffer.alloc(0);

/**
 * One `git cat-file --batch` process for a whole load: requests are written in bulk and answers parsed as
 * they stream back, so reading 100,000 records costs one process, not 100,000. Each answer's bytes go
 * straight into a buffer of the size its header announces, so reading is linear in the object's size.
 * Missing or unreadable objects answer undefined.
 */
export class BatchObjectReader {
  /** Wrapped: the process is itself a thenable, which promise resolution would wait for. */
  private readonly process: Promise<{ child: BatchProcess }>;
  /** Bytes of a header line not complete yet. */
  private partial: Buffer = EMPTY;
  private incoming: Incoming | undefined;
  private readonly waiting: Waiter[] = [];
  private closed = false;
  /** Set once an answer was refused: the rest of the stream is not read. */
  private stopped = false;

  constructor(git: GitRunner) {
    this.process = git.spawn(['cat-file', '--batch']).then(({ child }) => {
      child.stdout.on('data', (chunk: Buffer) => this.receive(chunk, child));
      const finish = () => this.drain();
      child.stdout.on('end', finish);
      child.then(finish, finish);
      child.stdin.on('error', () => undefined);
      return { child };
    });
  }

  /** Objects by name (an id or `ref^{tree}`-style expression), in order. */
  async read(names: readonly string[], options: ReadOptions = {}): Promise<Array<GitObject | undefined>> {
    if (names.some((name) => /[\n\r]/.test(name))) throw new Error('object names may not contain line breaks');
    const { child } = await this.process;
    const answers = names.map(
      () => new Promise<GitObject | undefined>((resolve, reject) => this.waiting.push({ resolve, reject, options })),
    );
    if (this.closed) this.drain();
    else child.stdin.write(names.map((name) => `${name}\n`).join(''));
    return Promise.all(answers);
  }

  async readOne(name: string, options: ReadOptions = {}): Promise<GitObject | undefined> {
    return (await this.read([name], options))[0];
  }

  async close(): Promise<void> {
    const { child } = await this.process;
    if (!this.closed) {
      this.closed = true;
      child.stdin.end();
    }
    await child;
  }

  private receive(chunk: Buffer, child: BatchProcess): void {
    if (this.stopped) return;
    let data = chunk;
    if (this.partial.length) {
      data = Buffer.concat([this.partial, chunk]);
      this.partial = EMPTY;
    }
    let pos = 0;
    while (pos < data.length && !this.stopped) {
      const incoming = this.incoming;
      if (incoming) {
        const take = Math.min(incoming.bytes.length - incoming.filled, data.length - pos);
        data.copy(incoming.bytes, incoming.filled, pos, pos + take);
        incoming.filled += take;
        pos += take;
        if (incoming.filled < incoming.bytes.length) return;
        this.incoming = undefined;
        const content = incoming.bytes.subarray(0, incoming.bytes.length - 1);
        this.waiting.shift()?.resolve({ id: incoming.id, type: incoming.type, content });
        continue;
      }
      const newline = data.indexOf(0x0a, pos);
      if (newline < 0) {
        this.partial = Buffer.from(data.subarray(pos));
        return;
      }
      const header = data.toString('utf8', pos, newline).split(' ');
      pos = newline + 1;
      if (header.length !== 3) {
        this.waiting.shift()?.resolve(undefined);
        continue;
      }
      const [id, type] = header as [string, string];
      const size = Number(header[2]);
      const waiter = this.waiting[0];
      if (waiter?.options.maxBytes !== undefined && size > waiter.options.maxBytes) {
        this.refuse(waiter, { id, type, size }, child);
        return;
      }
      // The object's bytes and the newline git writes after them.
      this.incoming = { id, type, bytes: Buffer.allocUnsafe(size + 1), filled: 0 };
    }
  }

  /** An answer too large to take in: its read fails at once and the process is stopped mid-answer. */
  private refuse(waiter: Waiter, object: { id: string; type: string; size: number }, child: BatchProcess): void {
    this.waiting.shift();
    this.stopped = true;
    this.closed = true;
    child.kill('SIGKILL');
    const tooLarge =
      waiter.options.tooLarge?.(object) ??
      new Error(`object ${object.id} is ${object.size} bytes; at most ${waiter.options.maxBytes} may be read`);
    waiter.reject(tooLarge);
    this.drain();
  }

  /** The process ended (a corrupt object makes git exit): whatever is still awaited is unreadable. */
  private drain(): void {
    this.closed = true;
    this.incoming = undefined;
    this.partial = EMPTY;
    while (this.waiting.length) this.waiting.shift()!.resolve(undefined);
  }
}
