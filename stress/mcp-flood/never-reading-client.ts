import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { EP_BIN } from '../support/ep-process.js';

/** What came back once the client read: answers per request id, answers under id null, lines that were not JSON. */
export interface Answers {
  readonly byId: Map<number, number>;
  nullIds: number;
  notJson: number;
  /** Answers under a request id that are errors (a JSON-RPC error or a tool result with `isError`), and the first. */
  errors: number;
  firstError?: string;
}

/**
 * A raw MCP client that misbehaves on purpose: after `initialize` it writes as fast as the pipe takes its
 * writes and reads nothing, so every answer the server sends stays unread, until it starts reading.
 */
export class NeverReadingClient {
  readonly answers: Answers = { byId: new Map(), nullIds: 0, notJson: 0, errors: 0 };
  stderr = '';
  exited = false;
  private rest = '';
  private nextId = 1;
  private arrival: (() => void) | undefined;
  /** Requests whose answer is kept whole (of the others only the count is). */
  private readonly kept = new Map<number, unknown>();

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-20_000);
    });
    child.stdin.on('error', () => undefined);
    child.on('exit', () => {
      this.exited = true;
      this.wake();
    });
  }

  static async start(
    cwd: string,
    env: Record<string, string>,
    timeoutMs: number,
    args: readonly string[] = [],
  ): Promise<NeverReadingClient> {
    const client = new NeverReadingClient(spawn(process.execPath, [EP_BIN, 'mcp', ...args], { cwd, env, stdio: 'pipe' }));
    client.child.stdout.on('data', client.receive);
    const id = client.send('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'ep-stress-never-reads', version: '1.0.0' },
    });
    if (!(await client.until(() => client.answers.byId.has(id), timeoutMs))) {
      throw new Error(`ep mcp did not answer initialize: ${client.stderr.slice(-600)}`);
    }
    client.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    client.child.stdout.off('data', client.receive);
    client.child.stdout.pause();
    return client;
  }

  get pid(): number {
    return this.child.pid!;
  }

  /**
   * Writes frames (`frame(id)` for request `id`) as fast as the pipe takes them, reading nothing, until
   * `untilMs` (a time) or `count` frames. Returns the ids of the requests written. Frames the pipe has not
   * taken by then wait in this process and reach the server once it reads again.
   */
  async flood(frame: (id: number) => string, untilMs: number, count = Number.POSITIVE_INFINITY): Promise<number[]> {
    const ids: number[] = [];
    while (Date.now() < untilMs && ids.length < count && !this.exited) {
      let batch = '';
      while (batch.length < 16 * 1024 && ids.length < count) {
        const id = this.nextId++;
        ids.push(id);
        batch += `${frame(id)}\n`;
      }
      if (!this.child.stdin.write(batch)) {
        const wait = Math.max(0, untilMs - Date.now());
        await Promise.race([once(this.child.stdin, 'drain'), new Promise((resolve) => setTimeout(resolve, wait))]);
      }
    }
    return ids;
  }

  /** Starts reading; resolves once `done` holds for what was read, or false after `timeoutMs`. */
  async read(done: (answers: Answers) => boolean, timeoutMs: number): Promise<boolean> {
    this.child.stdout.on('data', this.receive);
    this.child.stdout.resume();
    return this.until(() => done(this.answers), timeoutMs);
  }

  /** Sends one request (the client reads by now) and waits for its answer. */
  async request(method: string, params: unknown, timeoutMs: number): Promise<unknown> {
    const id = this.send(method, params);
    this.kept.set(id, undefined);
    await this.until(() => this.answers.byId.has(id), timeoutMs);
    const answer = this.kept.get(id);
    this.kept.delete(id);
    return answer;
  }

  async stop(): Promise<void> {
    if (this.exited) return;
    const exited = once(this.child, 'exit');
    this.child.stdin.end();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }

  private send(method: string, params: unknown): number {
    const id = this.nextId++;
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    return id;
  }

  private readonly receive = (chunk: string) => {
    const lines = (this.rest + chunk).split('\n');
    this.rest = lines.pop()!;
    for (const line of lines) {
      let message: { id?: unknown; error?: unknown; result?: { isError?: boolean } };
      try {
        message = JSON.parse(line);
      } catch {
        this.answers.notJson += 1;
        continue;
      }
      if (typeof message.id !== 'number') this.answers.nullIds += 1;
      else {
        this.answers.byId.set(message.id, (this.answers.byId.get(message.id) ?? 0) + 1);
        if (message.error !== undefined || message.result?.isError === true) {
          this.answers.errors += 1;
          this.answers.firstError ??= line.slice(0, 400);
        }
        if (this.kept.has(message.id)) this.kept.set(message.id, message);
      }
    }
    this.wake();
  };

  private wake(): void {
    const arrival = this.arrival;
    this.arrival = undefined;
    arrival?.();
  }

  private async until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!condition() && !this.exited && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(250, deadline - Date.now()));
        this.arrival = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    return condition();
  }
}
