import { constants, InflateRaw, inflateRawSync } from 'node:zlib';

/** Output chunk for inflating: a member's declared size (one chunk), within bounds. */
const MAX_CHUNK = 1 << 20;

/**
 * A member's raw DEFLATE bytes inflated, stopping with an error past its declared size, so a member
 * cannot inflate beyond what was checked against the limits. The caller checks the length it got.
 * Imports nothing of ep's own, so the inflate worker stays light.
 */
export function inflateBounded(raw: Uint8Array, size: number): Buffer {
  return inflateRawSync(raw, { maxOutputLength: Math.max(1, size), chunkSize: Math.min(Math.max(64, size), MAX_CHUNK) });
}

/**
 * Inflates the `length` bytes of `source` from `start` into `target` at `offset`; true when they give exactly
 * `size` bytes. `target` must have room for `size + 1` bytes there: one byte more than declared is how a
 * member that inflates past its size is told apart, and inflation stops once that room is full, so a member
 * can neither write nor work past it.
 *
 * Many small members (a package's record files) are inflated by one zlib stream, reset between them, into
 * their place: `inflateRawSync` builds a stream object per call, which cost three quarters of inflating
 * 10,000 record files (about 100 ms, against some 25 ms reusing one) and most of the garbage of a first read.
 * Node's zlib offers no public way to reuse a stream synchronously, so this drives the stream's binding
 * (`writeSync` and `reset`, what `inflateRawSync` itself calls) when it has the shape Node has given it
 * since its first releases, and otherwise inflates through `inflateBounded`.
 */
export function inflateInto(source: Uint8Array, start: number, length: number, target: Uint8Array, offset: number, size: number): boolean {
  // The binding aborts the process on a range outside its buffers, so ranges are checked here first.
  if (start + length > source.length || offset + size + 1 > target.length) return false;
  if (reusable === undefined && !unsupported) reusable = openReusableStream();
  const stream = reusable;
  if (stream) {
    try {
      stream.handle.reset();
      stream.handle.writeSync(constants.Z_FINISH, source, start, length, target, offset, size + 1);
    } catch {
      // Broken data is reported through `destroyed`, never thrown: a binding that throws is not the one
      // this was written for, and the public path serves from now on.
      reusable = undefined;
      unsupported = true;
      stream.engine.destroy();
      return inflateThroughStreamObject(source, start, length, target, offset, size);
    }
    // A broken stream ends in an error, which destroys it: the next member gets a new one.
    if (stream.engine.destroyed) {
      reusable = undefined;
      return false;
    }
    // state[0] is the output room left: exactly the spare byte when the member gave its declared size.
    return stream.state[0] === 1;
  }
  return inflateThroughStreamObject(source, start, length, target, offset, size);
}

function inflateThroughStreamObject(
  source: Uint8Array,
  start: number,
  length: number,
  target: Uint8Array,
  offset: number,
  size: number,
): boolean {
  let inflated: Buffer;
  try {
    inflated = inflateBounded(source.subarray(start, start + length), size);
  } catch {
    return false;
  }
  if (inflated.length !== size) return false;
  target.set(inflated, offset);
  return true;
}

/** The part of a zlib stream's binding driven here (also by bench/support/package-read-floor.cts). */
export interface ZlibBinding {
  reset(): void;
  writeSync(
    flush: number,
    input: Uint8Array,
    inOffset: number,
    inLength: number,
    output: Uint8Array,
    outOffset: number,
    outLength: number,
  ): void;
}

interface ReusableStream {
  readonly engine: InflateRaw;
  readonly handle: ZlibBinding;
  /** [output room left, input left] after each write, as the binding reports them. */
  readonly state: Uint32Array;
}

let reusable: ReusableStream | undefined;
let unsupported = false;

/** A zlib stream whose binding can be driven directly, or undefined when this Node's streams are not shaped so. */
function openReusableStream(): ReusableStream | undefined {
  const engine = new InflateRaw();
  // An error is also emitted as an event after the stream is destroyed; it is read from `destroyed` instead.
  engine.on('error', () => undefined);
  const { _handle: handle, _writeState: state } = engine as unknown as { _handle?: Partial<ZlibBinding>; _writeState?: unknown };
  if (typeof handle?.writeSync === 'function' && typeof handle.reset === 'function' && state instanceof Uint32Array && state.length === 2)
    return { engine, handle: handle as ZlibBinding, state };
  engine.close();
  unsupported = true;
  return undefined;
}
