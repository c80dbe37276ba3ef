import type { RequestId } from '@modelcontextprotocol/sdk/types.js';

interface Running {
  readonly bytes: number;
  cancelled: boolean;
}

/**
 * Keeps count of the client's requests the server has in progress, so the transport reads no more of them
 * than the bounds allow, and of the server's own requests the client has yet to answer (their answers must
 * still be read while the client's requests wait).
 *
 * A request holds its place until its work is done, even when the client cancels it: ep's handlers cannot
 * be interrupted, so a place given back at the cancellation would let a client start any number of them.
 */
export class RequestGate {
  private readonly running = new Map<RequestId, Running[]>();
  private count = 0;
  private bytes = 0;
  private readonly asked = new Set<RequestId>();

  constructor(
    private readonly maxRequests: number,
    private readonly maxBytes: number,
  ) {}

  /** Whether a request of `bytes` may start now. With nothing in progress any request may, however large. */
  admits(bytes: number): boolean {
    return this.count === 0 || (this.count < this.maxRequests && this.bytes + bytes <= this.maxBytes);
  }

  /** Whether what waits to be read has reached the bounds that apply to what is in progress. */
  full(waitingRequests: number, waitingBytes: number): boolean {
    return waitingRequests >= this.maxRequests || waitingBytes >= this.maxBytes;
  }

  get idle(): boolean {
    return this.count === 0;
  }

  start(id: RequestId, bytes: number): void {
    const entries = this.running.get(id);
    if (entries) entries.push({ bytes, cancelled: false });
    else this.running.set(id, [{ bytes, cancelled: false }]);
    this.count += 1;
    this.bytes += bytes;
  }

  /** The client cancelled `id`: true when it is in progress (its answer will be withheld when it ends). */
  cancel(id: RequestId): boolean {
    const entry = this.running.get(id)?.find((candidate) => !candidate.cancelled);
    if (entry) entry.cancelled = true;
    return entry !== undefined;
  }

  /**
   * The server answered `id`: its place is free again. Returns whether the answer goes to the client (not
   * when the client cancelled the request); an answer to nothing in progress goes out as it is.
   */
  finish(id: RequestId): boolean {
    const entries = this.running.get(id);
    if (!entries) return true;
    // A client that reuses an id has several requests under it: the first started is taken as the one done.
    const entry = entries.shift()!;
    if (entries.length === 0) this.running.delete(id);
    this.count -= 1;
    this.bytes -= entry.bytes;
    return !entry.cancelled;
  }

  /** The server sent the client a request of its own. */
  ask(id: RequestId): void {
    this.asked.add(id);
  }

  /** The client answered the server's request `id`, or the server gave up on it. */
  answered(id: RequestId): void {
    this.asked.delete(id);
  }

  /** Whether the server waits for an answer from the client. */
  get awaitingClient(): boolean {
    return this.asked.size > 0;
  }
}
