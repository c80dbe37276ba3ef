import { createToken } from '../kernel/token.js';
export type DiagnosticLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Diagnostics {
  log(level: DiagnosticLevel, message: string): void;
  /** Reports progress of long work; shown only when stderr is a terminal. */
  progress(label: string, done: number, total: number): void;
}

/** Writes to stderr, so stdout keeps exactly one JSON envelope. */
export class StderrDiagnostics implements Diagnostics {
  constructor(
    private readonly stream: NodeJS.WriteStream = process.stderr,
    private readonly verbose = false,
  ) {}

  log(level: DiagnosticLevel, message: string): void {
    if (level === 'debug' && !this.verbose) return;
    this.stream.write(`ep ${level}: ${message}\n`);
  }

  progress(label: string, done: number, total: number): void {
    if (!this.stream.isTTY) return;
    const width = 30;
    const ratio = total === 0 ? 1 : Math.min(1, done / total);
    const filled = Math.round(ratio * width);
    this.stream.write(`\r${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}`);
    if (done >= total) this.stream.write('\n');
  }
}

/** Progress and log lines for humans, on stderr; never on stdout. */
export const Diagnostics = createToken<Diagnostics>('ep.Diagnostics');
