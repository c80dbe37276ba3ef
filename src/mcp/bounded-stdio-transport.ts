import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import { Limits } from '../limits/limits.js';
import { stringifyJsonPreservingNumbers } from '../storage/json/exact-json-writer.js';
import { FrameDecoder, type Frame } from './frame-decoder.js';
import { RequestGate } from './request-gate.js';

export interface TransportBounds {
  /** Bytes of one line of input; a longer one is refused `LIMIT_EXCEEDED`. */
  readonly maxLineBytes: number;
  /** Client requests in progress at once. */
  readonly requestsInFlight: number;
  /** Bytes of the client requests in progress at once (one request alone may be larger). */
  readonly requestBytesInFlight: number;
}

export const DEFAULT_TRANSPORT_BOUNDS: TransportBounds = {
  maxLineBytes: Limits.jsonInputBytes,
  requestsInFlight: Limits.mcpRequestsInFlight,
  requestBytesInFlight: Limits.mcpRequestBytesInFlight,
};

/**
 * MCP over stdio, newline-delimited, in bounded memory whatever the client does:
 *
 * - Input is read only while the output is not backed up (no write is waiting for `drain`) and the client's
 *   requests in progress are within the bounds. Otherwise input is paused: what the client writes waits in
 *   the pipe, and a client that writes without reading ends up blocked on its own writes. While the server
 *   waits for an answer from the client, reading goes on (answers are never held back) until as much again
 *   waits to be handled.
 * - Every bad line gets an answer instead of silence or a closed connection: a line over the size limit is
 *   refused `LIMIT_EXCEEDED`, one that is not UTF-8 or not JSON-RPC gets a parse error.
 * - When the client closes its end, what was read is still answered, then the connection closes.
 *
 * - Messages are read as Python's `json.loads` reads them (frame-decoder.ts), so a record in a tool's
 *   arguments keeps its numbers' forms, and written as strict JSON with those forms (NaN and ±Infinity as
 *   `null`, which every JSON-RPC client can read).
 *
 * (The SDK's own transport reads without bound, closes the connection on a large message and answers
 * broken ones with nothing.)
 */
export class BoundedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private readonly decoder: FrameDecoder;
  private readonly gate: RequestGate;
  /** Frames read and not yet handed on, in order. */
  private waiting: Frame[] = [];
  private waitingBytes = 0;
  private backedUp = false;
  private drained: Promise<void> | undefined;
  private releaseDrained: (() => void) | undefined;
  private reading = true;
  /** Whether pump() is running (it is not re-entered; see there). */
  private pumping = false;
  private inputEnded = false;
  private closed = false;

  constructor(
    private readonly input: NodeJS.ReadableStream = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stdout,
    bounds: Partial<TransportBounds> = {},
  ) {
    const { maxLineBytes, requestsInFlight, requestBytesInFlight } = { ...DEFAULT_TRANSPORT_BOUNDS, ...bounds };
    this.decoder = new FrameDecoder(maxLineBytes);
    this.gate = new RequestGate(requestsInFlight, requestBytesInFlight);
  }

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('end', this.onEnd);
    this.input.on('error', this.onInputError);
    this.output.on('drain', this.onDrain);
    this.output.on('error', this.onOutputError);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return;
    const answer = isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message);
    const goesOut = !answer || message.id === undefined || this.gate.finish(message.id);
    if (isJSONRPCRequest(message)) this.gate.ask(message.id);
    else if (cancelledId(message) !== undefined) this.gate.answered(cancelledId(message)!);
    const written = goesOut ? this.write(message) : undefined;
    // An answer frees a place; a request of the server's own means the client's answer must be read.
    this.pump();
    await written;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('end', this.onEnd);
    this.input.off('error', this.onInputError);
    this.output.off('drain', this.onDrain);
    // The error listener stays: a write still buffered may fail after the close, and must not crash.
    this.input.pause();
    this.waiting = [];
    this.releaseDrained?.();
    this.onclose?.();
  }

  private readonly onData = (chunk: Buffer | string) => {
    this.decoder.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk, this.receive);
    this.pump();
  };

  private readonly onEnd = () => {
    this.inputEnded = true;
    this.steer();
  };

  private readonly onInputError = (error: Error) => this.onerror?.(error);

  private readonly onOutputError = (error: Error) => {
    if (this.closed) return;
    this.onerror?.(error);
    void this.close();
  };

  private readonly onDrain = () => {
    this.backedUp = false;
    const release = this.releaseDrained;
    this.drained = undefined;
    this.releaseDrained = undefined;
    release?.();
    this.pump();
  };

  private readonly receive = (frame: Frame) => {
    if (frame.kind === 'message') {
      const { message } = frame;
      if (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) {
        // The client answering the server: handed on at once, or a handler waiting for it could wait forever.
        if (message.id !== undefined) this.gate.answered(message.id);
        this.onmessage?.(message);
        return;
      }
      const cancelled = cancelledId(message);
      if (cancelled !== undefined && this.withdraw(cancelled)) return;
    }
    this.waiting.push(frame);
    this.waitingBytes += frame.kind === 'message' ? frame.bytes : 0;
  };

  /**
   * A cancellation the transport settles itself: a request still waiting is dropped unanswered; one in
   * progress has its answer withheld when it ends. The SDK is not told of the latter: it would drop the
   * answer itself, and nothing would then say when the work ends and its place is free.
   */
  private withdraw(id: RequestId): boolean {
    if (this.gate.cancel(id)) return true;
    const index = this.waiting.findIndex((frame) => frame.kind === 'message' && isJSONRPCRequest(frame.message) && frame.message.id === id);
    if (index < 0) return false;
    const [frame] = this.waiting.splice(index, 1);
    this.waitingBytes -= frame!.kind === 'message' ? frame!.bytes : 0;
    return true;
  }

  /**
   * Hands on waiting frames while the bounds allow, then decides whether to read on. Not re-entered: the SDK
   * may answer a frame synchronously (an unknown method), and that answer's send() calls pump() again; the
   * loop below already sees what the answer changed, and a nested loop would hand the same frame on again.
   */
  private pump(): void {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (!this.closed && !this.backedUp && this.waiting.length > 0) {
        const frame = this.waiting[0]!;
        if (frame.kind === 'message' && isJSONRPCRequest(frame.message)) {
          if (!this.gate.admits(frame.bytes)) break;
          this.gate.start(frame.message.id, frame.bytes);
        }
        this.waiting.shift();
        this.waitingBytes -= frame.kind === 'message' ? frame.bytes : 0;
        if (frame.kind === 'message') this.onmessage?.(frame.message);
        else
          void this.write({ jsonrpc: '2.0', id: frame.id, error: { code: frame.code, message: frame.text } } as unknown as JSONRPCMessage);
      }
    } finally {
      this.pumping = false;
    }
    this.steer();
  }

  private steer(): void {
    if (this.closed) return;
    if (this.inputEnded) {
      if (this.waiting.length === 0 && this.gate.idle) void this.close();
      return;
    }
    const room = this.waiting.length === 0 || (this.gate.awaitingClient && !this.gate.full(this.waiting.length, this.waitingBytes));
    const read = !this.backedUp && room;
    if (read === this.reading) return;
    this.reading = read;
    if (read) this.input.resume();
    else this.input.pause();
  }

  /** Writes one message; resolves once the output has taken it (at once, or at the next `drain`). */
  private write(message: JSONRPCMessage): Promise<void> {
    if (this.output.write(serializeMessage(message))) return Promise.resolve();
    this.backedUp = true;
    this.steer();
    this.drained ??= new Promise<void>((resolve) => {
      this.releaseDrained = resolve;
    });
    return this.drained;
  }
}

/** The request a `notifications/cancelled` names, if the message is one. */
function cancelledId(message: JSONRPCMessage): RequestId | undefined {
  if (!isJSONRPCNotification(message) || message.method !== 'notifications/cancelled') return undefined;
  const id = (message.params as { requestId?: unknown } | undefined)?.requestId;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

/** One line of output: strict JSON, numbers in their stored form, NaN and ±Infinity as `null`. */
function serializeMessage(message: JSONRPCMessage): string {
  return `${stringifyJsonPreservingNumbers(message, { nonFinite: 'null' })}\n`;
}
