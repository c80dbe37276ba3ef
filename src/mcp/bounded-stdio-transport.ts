import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { Limits } from '../limits/limits.js';
import { stringifyJsonPreservingNumbers } from '../storage/json/exact-json-writer.js';
import { parseJsonPreservingNumbers } from '../storage/json/record-json-parser.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
/** Enough of a discarded line to find the request id in it. */
const HEAD_BYTES = 256;

/**
 * MCP over stdio, newline-delimited, where every bad line gets an answer instead of silence or a closed
 * connection: a line over the JSON input limit is skipped and answered `LIMIT_EXCEEDED`; a line that is not
 * UTF-8 or not JSON-RPC is answered with a parse error. The connection stays open either way. (The SDK's own
 * transport closes the connection on a large message and answers broken ones with nothing.)
 *
 * Messages are read as Python's `json.loads` reads them (record-json-parser.ts), so a record in a tool's
 * arguments keeps its numbers' forms (inside an argument: the SDK copies the arguments object itself, which
 * drops that object's own marks), and written as strict JSON (`serializeMessage`).
 */
export class BoundedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private pending: Buffer[] = [];
  private size = 0;
  private head: Buffer | undefined;
  private closed = false;

  constructor(
    private readonly input: NodeJS.ReadableStream = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stdout,
    private readonly maxLineBytes: number = Limits.jsonInputBytes,
  ) {}

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('end', this.onEnd);
    this.input.on('error', this.onInputError);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return;
    await new Promise<void>((resolve) => {
      if (this.output.write(serializeMessage(message))) resolve();
      else this.output.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('end', this.onEnd);
    this.input.off('error', this.onInputError);
    this.input.pause();
    this.pending = [];
    this.onclose?.();
  }

  private readonly onEnd = () => void this.close();
  private readonly onInputError = (error: Error) => this.onerror?.(error);

  private readonly onData = (chunk: Buffer | string) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (let start = 0; ;) {
      const newline = bytes.indexOf(0x0a, start);
      this.collect(bytes.subarray(start, newline < 0 ? bytes.length : newline));
      if (newline < 0) return;
      this.finishLine();
      start = newline + 1;
    }
  };

  private collect(piece: Buffer): void {
    if (this.head) return;
    if (this.size + piece.length > this.maxLineBytes) {
      this.head = Buffer.concat([...this.pending, piece]).subarray(0, HEAD_BYTES);
      this.pending = [];
      this.size = 0;
      return;
    }
    this.pending.push(piece);
    this.size += piece.length;
  }

  private finishLine(): void {
    if (this.head) {
      const head = this.head.toString('latin1');
      this.head = undefined;
      void this.answerError(idIn(head), -32600, `LIMIT_EXCEEDED: a message is larger than the limit of ${this.maxLineBytes} bytes (see docs/limits.md).`);
      return;
    }
    const bytes = Buffer.concat(this.pending);
    this.pending = [];
    this.size = 0;
    let line: string;
    try {
      line = strictUtf8.decode(bytes).replace(/\r$/, '');
    } catch {
      void this.answerError(idIn(bytes.subarray(0, HEAD_BYTES).toString('latin1')), -32700, 'Parse error: the message is not valid UTF-8.');
      return;
    }
    if (line.trim() === '') return;
    let message: JSONRPCMessage;
    try {
      message = JSONRPCMessageSchema.parse(parseJsonPreservingNumbers(line));
    } catch (error) {
      void this.answerError(idIn(line.slice(0, HEAD_BYTES)), -32700, `Parse error: ${(error as Error).message.slice(0, 300)}`);
      return;
    }
    this.onmessage?.(message);
  }

  private async answerError(id: string | number | null, code: number, message: string): Promise<void> {
    // JSON-RPC answers a request whose id cannot be read with id null.
    await this.send({ jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage);
  }
}

/**
 * A message as strict JSON, which every client parses: numbers read in a Python form keep it (`1.0`, every
 * digit of a large integer), non-finite numbers are null.
 */
function serializeMessage(message: JSONRPCMessage): string {
  return `${stringifyJsonPreservingNumbers(message, { nonFinite: 'null' })}\n`;
}

/** The request id at the start of a raw line, when it can be read there. */
function idIn(head: string): string | number | null {
  const match = /"id"\s*:\s*(-?\d{1,15}(?![\d.eE])|"(?:[^"\\]|\\.){0,100}")/.exec(head);
  if (!match) return null;
  try {
    return JSON.parse(match[1]!) as string | number;
  } catch {
    return null;
  }
}
