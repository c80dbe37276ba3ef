import type { FileHandle } from 'node:fs/promises';
import { withCheckedFile } from '../../limits/checked-file.js';
import { Limits } from '../../limits/limits.js';
import type { LogRecord } from '../call-node.js';
import { parseLog } from './log-format.js';

/** Bytes at the start of a log that identify it (its first record names a random node id). */
const HEAD_BYTES = 64;

interface ReadSoFar {
  readonly dev: number;
  readonly ino: number;
  /** The first bytes of the log, once read. */
  head: Buffer;
  /** Bytes consumed: always just after a newline. */
  offset: number;
  readonly records: LogRecord[];
}

/**
 * Reads one session log again and again, parsing only what was appended since the last read: a process that
 * runs many turns of one session (an MCP connection) would otherwise read and parse the whole log at every
 * turn, with as many copies of it in memory as turns run at once. The log is append-only; a log that is not
 * the one read before (another file, shorter, or different at the start) is read again from the beginning.
 */
export class LogReader {
  private state: ReadSoFar | undefined;

  constructor(private readonly file: string) {}

  /** Every complete record of the log, in log order. The array is the reader's own: callers copy what they change. */
  async records(): Promise<readonly LogRecord[]> {
    try {
      // Through the checked reader: a log that is a FIFO or a device is refused, never waited on or read forever.
      return await withCheckedFile(
        this.file,
        { what: `The session log ${this.file}`, maxBytes: Limits.sessionLogBytes },
        async (handle) => {
          const { dev, ino, size } = await handle.stat();
          if (!(await this.continues(handle, dev, ino, size))) {
            this.state = { dev, ino, head: Buffer.alloc(0), offset: 0, records: [] };
          }
          const state = this.state!;
          if (size > state.offset) {
            const tail = await readAt(handle, state.offset, size - state.offset);
            const end = tail.lastIndexOf(0x0a) + 1;
            if (end > 0) {
              for (const record of parseLog(tail.toString('utf8', 0, end)).records) state.records.push(record);
              if (state.offset === 0) state.head = Buffer.from(tail.subarray(0, Math.min(HEAD_BYTES, end)));
              state.offset += end;
            }
          }
          return state.records;
        },
      );
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      this.state = undefined;
      return [];
    }
  }

  /** Whether the file is the log read before, grown or not: same file, no shorter, same start, a newline where the last read ended. */
  private async continues(handle: FileHandle, dev: number, ino: number, size: number): Promise<boolean> {
    const state = this.state;
    if (!state || state.dev !== dev || state.ino !== ino || size < state.offset) return false;
    if (!(await readAt(handle, 0, state.head.length)).equals(state.head)) return false;
    return state.offset === 0 || (await readAt(handle, state.offset - 1, 1))[0] === 0x0a;
  }
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await handle.read(buffer, done, length - done, position + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return buffer.subarray(0, done);
}
