import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { EP_BIN } from '../support/ep-process.js';

export interface McpReply {
  readonly kind: 'result' | 'tool-error' | 'rpc-error' | 'no-reply' | 'gone';
  readonly text: string;
}

/**
 * `ep mcp` spoken to byte by byte: newline-delimited JSON-RPC written raw to its stdin, so frames the SDK
 * client would never send (broken JSON, bytes that are not UTF-8) reach the server too.
 */
export class McpConnection {
  private buffer = '';
  private readonly waiting = new Map<number, (line: string) => void>();
  private nextId = 1;
  stderr = '';
  exited = false;

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => this.receive(chunk));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-20_000);
    });
    child.stdin.on('error', () => undefined);
    child.on('exit', () => {
      this.exited = true;
      for (const resolve of this.waiting.values()) resolve('');
      this.waiting.clear();
    });
  }

  static async start(cwd: string, env: Record<string, string>, timeoutMs: number, args: readonly string[] = []): Promise<McpConnection> {
    const connection = new McpConnection(spawn(process.execPath, [EP_BIN, 'mcp', ...args], { cwd, env, stdio: 'pipe' }));
    const reply = await connection.request(
      'initialize',
      {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'ep-stress', version: '1.0.0' },
      },
      timeoutMs,
    );
    if (reply.kind !== 'result') throw new Error(`ep mcp did not initialize: ${reply.text} ${connection.stderr}`);
    connection.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    return connection;
  }

  /** Writes one frame as given; a frame without a usable id gets no reply. */
  send(frame: string | Uint8Array): void {
    if (this.exited) return;
    this.child.stdin.write(typeof frame === 'string' ? `${frame}\n` : Buffer.concat([Buffer.from(frame), Buffer.from('\n')]));
  }

  async request(method: string, params: unknown, timeoutMs: number, rawParams?: string): Promise<McpReply> {
    const id = this.nextId++;
    const frame =
      rawParams !== undefined
        ? `{"jsonrpc":"2.0","id":${id},"method":${JSON.stringify(method)},"params":${rawParams}}`
        : JSON.stringify({ jsonrpc: '2.0', id, method, params });
    return this.exchange(id, frame, timeoutMs);
  }

  /** Sends a frame that carries `id` and waits for the reply to it. */
  async exchange(id: number, frame: string | Uint8Array, timeoutMs: number): Promise<McpReply> {
    if (this.exited) return { kind: 'gone', text: 'the server had already exited' };
    const line = await new Promise<string | undefined>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve(undefined);
      }, timeoutMs);
      this.waiting.set(id, (received) => {
        clearTimeout(timer);
        resolve(received);
      });
      this.send(frame);
    });
    if (line === undefined) return { kind: 'no-reply', text: `no reply within ${timeoutMs} ms` };
    if (line === '') return { kind: 'gone', text: `the server exited: ${this.stderr.slice(-600)}` };
    const message = JSON.parse(line);
    if (message.error) return { kind: 'rpc-error', text: JSON.stringify(message.error) };
    const text = JSON.stringify(message.result);
    return { kind: message.result?.isError ? 'tool-error' : 'result', text };
  }

  /** A fresh id nobody else uses, for frames built by hand. */
  reserveId(): number {
    return this.nextId++;
  }

  async stop(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.stdin.end();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }

  private receive(chunk: string): void {
    this.buffer += chunk;
    let newline: number;
    while ((newline = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, newline);
      this.buffer = this.buffer.slice(newline + 1);
      let id: unknown;
      try {
        id = JSON.parse(line).id;
      } catch {
        this.stderr += `\n[stdout line that is not JSON] ${line.slice(0, 200)}`;
        continue;
      }
      const resolve = typeof id === 'number' ? this.waiting.get(id) : undefined;
      if (resolve) {
        this.waiting.delete(id as number);
        resolve(line);
      }
    }
  }
}
