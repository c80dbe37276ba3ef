import { execa, type ResultPromise } from 'execa';
import { createInterface } from 'node:readline';
import { EP_BIN } from './world.js';

/**
 * An MCP client that speaks newline-delimited JSON-RPC to `ep mcp` itself and keeps each answer's raw line,
 * so a step can see the exact text on the wire (the SDK's client would hand back `JSON.parse`d values).
 */
export class RawMcpClient {
  private nextId = 1;
  private readonly waiting = new Map<number, (line: string) => void>();

  private constructor(private readonly child: ResultPromise) {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const id = (JSON.parse(line) as { id?: number }).id;
      if (id !== undefined) this.waiting.get(id)?.(line);
    });
  }

  static async connect(cwd: string, home: string, args: string[]): Promise<RawMcpClient> {
    const child = execa(process.execPath, [EP_BIN, 'mcp', ...args], {
      cwd,
      env: { EP_HOME: home },
      stdin: 'pipe',
      stdout: 'pipe',
      stderr: 'ignore',
      reject: false,
    });
    const client = new RawMcpClient(child);
    await client.request(
      'initialize',
      '{"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1.0.0"}}',
    );
    child.stdin.write('{"jsonrpc": "2.0", "method": "notifications/initialized"}\n');
    return client;
  }

  /** Sends a request whose params are given as JSON text, and resolves with the raw line of its answer. */
  request(method: string, paramsText: string): Promise<string> {
    const id = this.nextId++;
    const answered = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`No answer to ${method} within 30 s`)), 30_000);
      this.waiting.set(id, (line) => {
        clearTimeout(timer);
        resolve(line);
      });
    });
    this.child.stdin!.write(`{"jsonrpc": "2.0", "id": ${id}, "method": ${JSON.stringify(method)}, "params": ${paramsText}}\n`);
    return answered;
  }

  /** Calls a tool with arguments given as JSON text (Python's, NaN and all). */
  callTool(name: string, argumentsText: string): Promise<string> {
    return this.request('tools/call', `{"name": ${JSON.stringify(name)}, "arguments": ${argumentsText}}`);
  }

  async close(): Promise<void> {
    this.child.stdin!.end();
    await this.child;
  }
}
