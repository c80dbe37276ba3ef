import type { Warning } from '../envelope/envelope.js';

/** What a command handler returns: the envelope's data and any warnings. */
export interface CommandResult {
  readonly data: unknown;
  readonly warnings?: Warning[];
  /** Lines for humans, written to stderr after the envelope (for example how to resume a session). */
  readonly notes?: string[];
  /** Printed instead of the envelope when set (`--format text`). */
  readonly text?: string;
}
