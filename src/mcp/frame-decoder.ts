import { JSONRPCMessageSchema, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import { parseJsonPreservingNumbers } from '../storage/json/record-json-parser.js';

/** One line of input: a message, or a line that must be answered with an error instead. */
export type Frame =
  | { readonly kind: 'message'; readonly message: JSONRPCMessage; readonly bytes: number }
  | { readonly kind: 'refusal'; readonly id: RequestId | null; readonly code: number; readonly text: string };

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
/** Enough of a discarded line to find the request id in it. */
const HEAD_BYTES = 256;

/**
 * Splits newline-delimited JSON-RPC into frames. A line over `maxLineBytes` is dropped as it arrives (only
 * its head is kept, to answer under its id) and refused `LIMIT_EXCEEDED`; a line that is not UTF-8 or not
 * JSON-RPC is refused with a parse error. Text after the last newline waits for the next chunk.
 */
export class FrameDecoder {
  private pending: Buffer[] = [];
  private size = 0;
  private head: Buffer | undefined;

  constructor(private readonly maxLineBytes: number) {}

  push(chunk: Buffer, emit: (frame: Frame) => void): void {
    for (let start = 0; ;) {
      const newline = chunk.indexOf(0x0a, start);
      this.collect(chunk.subarray(start, newline < 0 ? chunk.length : newline));
      if (newline < 0) return;
      const frame = this.finishLine();
      if (frame) emit(frame);
      start = newline + 1;
    }
  }

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

  private finishLine(): Frame | undefined {
    if (this.head) {
      const head = this.head.toString('latin1');
      this.head = undefined;
      return refusal(
        idIn(head),
        -32600,
        `LIMIT_EXCEEDED: a message is larger than the limit of ${this.maxLineBytes} bytes (see docs/limits.md).`,
      );
    }
    const bytes = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
    this.pending = [];
    this.size = 0;
    let line: string;
    try {
      line = strictUtf8.decode(bytes).replace(/\r$/, '');
    } catch {
      return refusal(idIn(bytes.subarray(0, HEAD_BYTES).toString('latin1')), -32700, 'Parse error: the message is not valid UTF-8.');
    }
    if (line.trim() === '') return undefined;
    try {
      return { kind: 'message', message: JSONRPCMessageSchema.parse(parseJsonPreservingNumbers(line)), bytes: bytes.length };
    } catch (error) {
      return refusal(idIn(line.slice(0, HEAD_BYTES)), -32700, `Parse error: ${(error as Error).message.slice(0, 300)}`);
    }
  }
}

function refusal(id: RequestId | null, code: number, text: string): Frame {
  return { kind: 'refusal', id, code, text };
}

/** The request id at the start of a raw line, when it can be read there. */
function idIn(head: string): RequestId | null {
  const match = /"id"\s*:\s*(-?\d{1,15}(?![\d.eE])|"(?:[^"\\]|\\.){0,100}")/.exec(head);
  if (!match) return null;
  try {
    return JSON.parse(match[1]!) as RequestId;
  } catch {
    return null;
  }
}
